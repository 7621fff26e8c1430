import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { inject } from "vitest";
import { type DatabaseHandle, type OpenOptions, openDatabase } from "../db/client.ts";
import { adminUrl } from "./db-names.ts";

/** A copy of the migrated, seeded template: a new PostgreSQL database, or a PGlite dump to load. */
export type TemplateCopy = { kind: "postgres"; databaseUrl: string } | { kind: "pglite"; dump: Blob };

/**
 * Copies the template that test/global-setup.ts prepared: a new database on the PostgreSQL server at
 * DATABASE_URL (.ci/run), named with the prefix the global teardown drops, or else the PGlite dump.
 */
export async function copyTestTemplate(): Promise<TemplateCopy> {
  const databaseUrl = process.env.DATABASE_URL;
  const pgTemplate = inject("pgTemplate");
  const pgCopyPrefix = inject("pgCopyPrefix");
  if (databaseUrl && pgTemplate && pgCopyPrefix) {
    const pg = (await import("pg")).default;
    const name = `${pgCopyPrefix}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    try {
      await admin.query(`create database "${name}" template "${pgTemplate}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    return { kind: "postgres", databaseUrl: url.toString() };
  }
  const templateFile = inject("pgliteTemplate");
  if (!templateFile) throw new Error("test/global-setup.ts did not provide a template database");
  return { kind: "pglite", dump: unpackedTemplate(templateFile) };
}

/**
 * The template's tarball, unpacked once per worker (test files share a worker's modules, isolate: false). Handed
 * the gzip file, PGlite first tries it as a plain tar, fails, then unpacks it through a web DecompressionStream:
 * for every file again, about a quarter of the time a copy took to open.
 */
let unpacked: { file: string; tar: Blob } | undefined;
function unpackedTemplate(file: string): Blob {
  if (unpacked?.file !== file)
    unpacked = { file, tar: new Blob([new Uint8Array(gunzipSync(readFileSync(file)))]) };
  return unpacked.tar;
}

/** A fresh copy of the template, open: PGlite in memory by default, or PostgreSQL (.ci/run). Close it in afterAll. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const copy = await copyTestTemplate();
  if (copy.kind === "postgres") return openDatabase({ databaseUrl: copy.databaseUrl, poolSize: 20 });
  return openDatabase({ dataDir: "memory://", loadDataDir: copy.dump, pgliteRuntime: await pgliteRuntime() });
}

/**
 * PGlite's WebAssembly compiled and its file bundle read once per worker, for every database the worker opens:
 * PGlite.create otherwise compiles about 9 MB of WebAssembly and reads its bundle again for each test file, a
 * quarter of the time a copy took to open.
 */
let runtime: Promise<NonNullable<OpenOptions["pgliteRuntime"]>> | undefined;
function pgliteRuntime() {
  runtime ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
      ["pglite.wasm", "initdb.wasm"].map((name) => WebAssembly.compile(readFileSync(path.join(dist, name)))),
    );
    return {
      pgliteWasmModule,
      initdbWasmModule,
      fsBundle: new Blob([readFileSync(path.join(dist, "pglite.data"))]),
    };
  })();
  return runtime;
}
