import { parentPort } from "node:worker_threads";
import { type ImageMime, ImageRejected, reencodeImage } from "./image.ts";

// One image per message: decoding and encoding in pure JavaScript takes seconds for a large photo, so it runs
// here and the server's event loop keeps answering (ADR 0210).
parentPort?.on("message", (job: { id: number; bytes: Uint8Array; mime: ImageMime }) => {
  try {
    const clean = reencodeImage(
      Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength),
      job.mime,
    );
    const out = new Uint8Array(clean.bytes.buffer, clean.bytes.byteOffset, clean.bytes.byteLength);
    parentPort?.postMessage({ id: job.id, ok: true, bytes: out, width: clean.width, height: clean.height });
  } catch (error) {
    const reason = error instanceof ImageRejected ? error.reason : "corrupt";
    parentPort?.postMessage({ id: job.id, ok: false, reason });
  }
});
