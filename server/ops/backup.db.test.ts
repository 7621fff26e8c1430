import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { claimDataDir, DATA_DIR_LOCK_FILE, DataDirInUseError } from "../../db/data-dir-lock.ts";
import type { TestApp } from "../../test/api.ts";
import { copyTestTemplate } from "../../test/db.ts";
import { adminUrl } from "../../test/db-names.ts";
import { buildApp } from "../app.ts";
import { readEnv } from "../env.ts";
import { placeAndPay, pricePlan, settle, shopper } from "../modules/checkout/purchase-test-kit.ts";
import { backup, restore, type Target } from "./backup.ts";

// Backups (issue 34 item 6, ADR 0330): a store holding paid orders with their eSIMs, credit and published pages
// is backed up with the same code `npm run backup` runs, restored into an empty database with `npm run restore`'s,
// and every table holds the same rows. PGlite by default; PostgreSQL (pg_dump / pg_restore) in CI's phase.

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});
const tmp = mkdtempSync(path.join(os.tmpdir(), "esim-backup-"));
cleanup.push(() => rmSync(tmp, { recursive: true, force: true }));

/** A store on its own database (a PostgreSQL copy or a PGlite folder), and how to open it and an empty one. */
async function store(): Promise<{
  target: Target;
  open: () => Promise<DatabaseHandle>;
  empty: () => Promise<Target>;
}> {
  const copy = await copyTestTemplate();
  if (copy.kind === "postgres") {
    return {
      target: { databaseUrl: copy.databaseUrl },
      open: () => openDatabase({ databaseUrl: copy.databaseUrl, poolSize: 4 }),
      empty: async () => {
        const name = `${inject("pgCopyPrefix") ?? "esim_test_ops"}_${randomBytes(4).toString("hex")}`;
        const admin = new pg.Client({ connectionString: adminUrl(copy.databaseUrl) });
        await admin.connect();
        await admin.query(`create database "${name}"`);
        await admin.end();
        const url = new URL(copy.databaseUrl);
        url.pathname = `/${name}`;
        return { databaseUrl: url.toString() };
      },
    };
  }
  const dataDir = path.join(tmp, "store");
  const first = await openDatabase({ dataDir, loadDataDir: copy.dump });
  await first.close();
  return {
    target: { dataDir },
    open: () => openDatabase({ dataDir }),
    empty: async () => ({ dataDir: path.join(tmp, "restored") }),
  };
}

/** Every table's row count and a hash of its rows, in a stable order. */
async function fingerprint(database: DatabaseHandle): Promise<Record<string, string>> {
  const tables = (await database.db.execute(
    sql`select schemaname || '.' || tablename as name, quote_ident(schemaname) || '.' || quote_ident(tablename) as ref
        from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  )) as unknown as { rows: { name: string; ref: string }[] };
  const result: Record<string, string> = {};
  for (const { name, ref } of tables.rows) {
    const row = (await database.db.execute(
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h
               from ${ref} t`),
    )) as unknown as { rows: { n: number; h: string }[] };
    result[name] = `${row.rows[0]!.n}:${row.rows[0]!.h}`;
  }
  return result;
}

const countOf = (print: Record<string, string>, table: string) =>
  Number(print[`public.${table}`]?.split(":")[0]);

it("a backup of a store with orders, eSIMs, credit and published pages restores into an empty database whole", async () => {
  const { target, open, empty } = await store();
  const database = await open();
  const built = await buildApp({
    env: readEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PAYMENT_SANDBOX_CHAOS: "none" }),
    database,
    ssr: "none",
    logger: false,
  });
  await built.server.ready();
  const app: TestApp = { server: built.server, services: built.services, database };
  await pricePlan(app);
  const who = await shopper(app);
  await placeAndPay(app, who);
  await settle(app);
  await database.db.transaction((tx) =>
    built.services.credit.adjust(tx as never, {
      customerId: who.id,
      amountMinor: 1500,
      reason: "GOODWILL",
      source: "backup-test",
      idempotencyKey: `backup-test:${randomUUID()}`,
    }),
  );
  await built.server.close();
  const before = await fingerprint(database);
  await database.close();
  expect(countOf(before, "customer_order")).toBeGreaterThan(0);
  expect(countOf(before, "esim")).toBeGreaterThan(0);
  expect(countOf(before, "store_credit_entry")).toBeGreaterThan(0);
  // Published pages: the seeded legal documents, info pages and content pages.
  expect(
    countOf(before, "legal_document") + countOf(before, "info_page") + countOf(before, "content_page"),
  ).toBeGreaterThan(0);

  const file = path.join(tmp, "backups", "roamly.dump");
  await backup(target, file);
  const into = await empty();
  await restore(into, file);
  // Restoring again would overwrite a database: refused.
  await expect(restore(into, file)).rejects.toThrow(/empty/);

  const restored = into.databaseUrl
    ? await openDatabase({ databaseUrl: into.databaseUrl, poolSize: 2 })
    : await openDatabase({ dataDir: into.dataDir! });
  cleanup.push(async () => {
    await restored.close().catch(() => {});
    if (into.databaseUrl) {
      const admin = new pg.Client({ connectionString: adminUrl(into.databaseUrl) });
      await admin.connect();
      await admin.query(
        `drop database if exists "${new URL(into.databaseUrl).pathname.slice(1)}" with (force)`,
      );
      await admin.end();
    }
  });
  expect(await fingerprint(restored)).toEqual(before);
  expect(await restored.schemaCurrent()).toBe(true);
}, 240_000);

it("the embedded database refuses a second process while another holds it, and takes it back from a dead one", async () => {
  const dataDir = path.join(tmp, "held");
  mkdirSync(dataDir, { recursive: true });
  // A live process other than this one holds the folder: this test's parent (vitest's main process).
  writeFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), String(process.ppid));
  const error = await openDatabase({ dataDir }).then(
    () => null,
    (caught: Error) => caught,
  );
  expect(error).toBeInstanceOf(DataDirInUseError);
  expect(error?.message).toMatch(/open in process \d+ .*stop the store first/);
  expect(() => claimDataDir(dataDir)).toThrow(DataDirInUseError);
  // A holder that died (kill -9) left its file: the folder is free, and released again after use.
  writeFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), "4194303");
  const release = claimDataDir(dataDir);
  expect(readFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), "utf8")).toBe(String(process.pid));
  release();
  expect(existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
});
