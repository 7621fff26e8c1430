import { Worker } from "node:worker_threads";
import { type CleanImage, type ImageMime, ImageRejected } from "./image.ts";

type Reply =
  | { id: number; ok: true; bytes: Uint8Array; width: number; height: number }
  | { id: number; ok: false; reason: "dimensions" | "corrupt" };

/**
 * Re-encodes images on worker threads (ADR 0210), at most `size` at a time; the rest wait their turn. Workers
 * are started on first use and do not keep the process alive when idle.
 */
export function createImagePool(size = 1) {
  const idle: Worker[] = [];
  const waiting: (() => void)[] = [];
  let running = 0;
  let nextId = 1;

  async function take(): Promise<Worker> {
    while (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    const worker = idle.pop() ?? new Worker(new URL("./image-worker.ts", import.meta.url));
    worker.ref();
    return worker;
  }

  function give(worker: Worker | null) {
    running--;
    if (worker) {
      worker.unref();
      idle.push(worker);
    }
    waiting.shift()?.();
  }

  return {
    async reencode(bytes: Buffer, mime: ImageMime): Promise<CleanImage> {
      const worker = await take();
      const id = nextId++;
      let healthy = true;
      try {
        const reply = await new Promise<Reply>((resolve, reject) => {
          const onMessage = (message: Reply) => {
            if (message.id !== id) return;
            cleanup();
            resolve(message);
          };
          const onError = (error: Error) => {
            healthy = false;
            cleanup();
            reject(error);
          };
          const onExit = () => onError(new Error("image worker stopped"));
          const cleanup = () => {
            worker.off("message", onMessage);
            worker.off("error", onError);
            worker.off("exit", onExit);
          };
          worker.on("message", onMessage);
          worker.on("error", onError);
          worker.on("exit", onExit);
          worker.postMessage({ id, bytes, mime });
        });
        if (!reply.ok) throw new ImageRejected(reply.reason);
        return { bytes: Buffer.from(reply.bytes), width: reply.width, height: reply.height };
      } finally {
        if (!healthy) void worker.terminate();
        give(healthy ? worker : null);
      }
    },
    async close() {
      await Promise.all(idle.splice(0).map((worker) => worker.terminate()));
    },
  };
}

export type ImagePool = ReturnType<typeof createImagePool>;
