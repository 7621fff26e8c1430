import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { buildApp } from "../server/app.ts";
import { readEnv } from "../server/env.ts";
import type { Services } from "../server/services.ts";
import { createTestDatabase } from "./db.ts";

export interface TestApp {
  server: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
}

/**
/**
 * Builds the API (no SSR) over a fresh test database for one test file; closed after the file. `envOverrides`
 * sets variables on top of the test defaults (e.g. TRUST_PROXY); a function is read when the app is built, after
 * earlier beforeAll hooks (such as a stand-in's start) have run.
 */
export function setupTestApp(
  envOverrides: Record<string, string> | (() => Record<string, string>) = {},
): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const overrides = typeof envOverrides === "function" ? envOverrides() : envOverrides;
    const env = readEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...overrides });
    const app = await buildApp({ env, database, ssr: "none", logger: false });
    await app.server.ready();
    Object.assign(holder, { server: app.server, services: app.services, database });
  });
  afterAll(async () => {
    await holder.server?.close();
    await holder.database?.close();
  });
  return holder;
}
