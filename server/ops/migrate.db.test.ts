import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, expect, inject, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { adminUrl } from "../../test/db-names.ts";
import { startServerProcess, stopProcess, waitFor } from "./process-kit.ts";

// Migrations (issue 34 item 3, ADR 0328): `npm run migrate` takes an advisory lock, so two started together on an
// empty PostgreSQL database both succeed and apply each migration once; a web instance in production never
// migrates: it stays unready until the migration has run, then turns ready by itself. PostgreSQL only (CI's
// PostgreSQL phase): the lock is PostgreSQL's, and PGlite serves one process.

const databaseUrl = process.env.DATABASE_URL;
const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

function runMigrate(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/migrate.ts"], {
      env: { ...process.env, DATABASE_URL: url, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("exit", (code) => resolve({ code, output }));
  });
}

it.skipIf(!databaseUrl)(
  "two migrations started together on an empty database take turns; a production web instance waits for them",
  async () => {
    const name = `${inject("pgCopyPrefix") ?? "esim_test_ops"}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl!) });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    const target = url.toString();

    const web = await startServerProcess(
      {
        DATABASE_URL: target,
        NODE_ENV: "production",
        ROLE: "web",
        LOG_LEVEL: "warn",
        PUBLIC_ORIGIN: "https://shop.example",
        APP_DOWNLOAD_URL: "https://shop.example/app",
        CODE_HMAC_SECRET: "x".repeat(32),
        PAYMENT_PROVIDER: "sandbox",
        IDENTITY_MODE: "sandbox",
      },
      { waitReady: false },
    );
    cleanup.push(() => stopProcess(web));
    // Alive, not ready, and it has not created a single table.
    expect((await fetch(`${web.base}/readyz`)).status).toBe(503);
    const database = await openDatabase({ databaseUrl: target, poolSize: 2 });
    cleanup.push(() => database.close());
    expect(await database.schemaCurrent()).toBe(false);
    const tables = await database.db.execute(
      "select count(*)::int as n from pg_tables where schemaname = 'public'",
    );
    expect((tables as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    const [first, second] = await Promise.all([runMigrate(target), runMigrate(target)]);
    expect(first.code, first.output).toBe(0);
    expect(second.code, second.output).toBe(0);
    expect(await database.schemaCurrent()).toBe(true);
    // Each migration applied once, and the store seeded once.
    const applied = await database.db.execute(
      "select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations",
    );
    const row = (applied as unknown as { rows: { n: number; distinct_n: number }[] }).rows[0]!;
    expect(row.n).toBe(row.distinct_n);
    expect(row.n).toBeGreaterThan(0);
    // Seeded by one of them: a second seed would have failed on the site's primary key.
    const sites = await database.db.execute("select count(*)::int as n from site");
    expect((sites as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);

    await waitFor(
      async () => (await fetch(`${web.base}/readyz`)).status === 200,
      15_000,
      "the web instance ready",
    );
    web.child.kill("SIGTERM");
    expect(await web.exited).toBe(0);
    await database.close();
    cleanup.pop();
    const drop = new pg.Client({ connectionString: adminUrl(databaseUrl!) });
    await drop.connect();
    await drop.query(`drop database if exists "${name}" with (force)`);
    await drop.end();
  },
  300_000,
);
