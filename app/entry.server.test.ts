import { describe, expect, it } from "vitest";
import { documentStream } from "./entry.server.tsx";

/** Collects what a document stream sends, piece by piece. */
function sent(stream: ReturnType<typeof documentStream>): string[] {
  const pieces: string[] = [];
  stream.on("data", (piece: Buffer) => pieces.push(piece.toString("utf8")));
  return pieces;
}

const flush = (stream: ReturnType<typeof documentStream>) => (stream as unknown as { flush(): void }).flush();
const HEAD =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js"/><title>日本</title></head>';

describe("a streamed page goes out one piece per batch React writes (ADR 0295)", () => {
  it("joins React's views until React flushes, and sends each batch at once", async () => {
    let finished = false;
    const stream = documentStream(() => (finished = true), false, true);
    const pieces = sent(stream);
    stream.write(Buffer.from(HEAD.slice(0, 40)));
    stream.write(Buffer.from(HEAD.slice(40)));
    stream.write(Buffer.from("<body><main>shell"));
    flush(stream);
    await new Promise((resolve) => setImmediate(resolve));
    expect(pieces).toEqual([
      `${HEAD.replace('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"')}<body><main>shell`,
    ]);
    stream.write(Buffer.from("</main><div hidden>boundary "));
    stream.write(Buffer.from("done</div>"));
    flush(stream);
    await new Promise((resolve) => setImmediate(resolve));
    expect(pieces).toHaveLength(2);
    expect(pieces[1]).toBe("</main><div hidden>boundary done</div>");
    stream.end(Buffer.from("</body></html>"));
    await new Promise((resolve) => stream.on("end", resolve));
    expect(pieces[2]).toBe("</body></html>");
    expect(finished).toBe(true);
  });

  it("holds a batch back until the head is complete, so the preloads are rewritten whole", async () => {
    const stream = documentStream(() => {}, false, true);
    const pieces = sent(stream);
    stream.write(Buffer.from(HEAD.slice(0, 30)));
    flush(stream);
    await new Promise((resolve) => setImmediate(resolve));
    expect(pieces).toEqual([]);
    stream.write(Buffer.from(HEAD.slice(30)));
    flush(stream);
    await new Promise((resolve) => setImmediate(resolve));
    expect(pieces).toEqual([HEAD.replace('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"')]);
  });

  it("sends a page rendered whole in one piece, rewritten", async () => {
    const stream = documentStream(() => {}, true, false);
    const pieces = sent(stream);
    stream.write(Buffer.from(HEAD));
    flush(stream);
    stream.end(Buffer.from("<body>x</body></html>"));
    await new Promise((resolve) => stream.on("end", resolve));
    expect(pieces).toEqual([
      `${HEAD.replace('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"')}<body>x</body></html>`,
    ]);
  });
});
