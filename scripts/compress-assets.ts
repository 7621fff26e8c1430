import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Static assets are compressed once at build time; the server sends the .br or .gz twin (preCompressed).
const ROOT = path.join(process.env.BUILD_DIR ?? "build", "client");
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|map|webmanifest)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

let count = 0;
for (const file of walk(ROOT)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const source = readFileSync(file);
  if (source.length < 512) continue;
  writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }),
  );
  count++;
}
console.log(`compressed ${count} assets`);
