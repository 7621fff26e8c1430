import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../../db/client.ts";
import { messageOutbox } from "../../../db/schema/index.ts";
import { createTestDatabase } from "../../../test/db.ts";
import { createJobRunner } from "../../jobs/runner.ts";
import { createOutbox } from "./outbox.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

it("lists messages written at the same instant newest first, in the order they were written", async () => {
  const outbox = createOutbox(database.db, createJobRunner({ db: database.db }));
  // Inside one transaction now() is the transaction's start, so every row gets the same created_at: a real
  // tie, as two sends in the same millisecond (or one code flow writing two messages) would give.
  await database.db.transaction(async (tx) => {
    for (let i = 1; i <= 6; i++) {
      await outbox.send(
        { channel: "EMAIL", to: "tie@example.com", subject: `Message ${i}`, body: String(i) },
        tx as unknown as Database,
      );
    }
  });
  // The delivery worker updates rows as it sends them, which moves them in the table (a new row version):
  // the order rows come back in, without a tie-break, is no longer the order they were written in.
  await database.db
    .update(messageOutbox)
    .set({ status: "SENT", attempts: 1 })
    .where(inArray(messageOutbox.subject, ["Message 1", "Message 4"]));

  const newestFirst = ["Message 6", "Message 5", "Message 4", "Message 3", "Message 2", "Message 1"];
  const recent = await outbox.recent("tie@example.com");
  expect(new Set(recent.map((message) => message.createdAt.getTime())).size).toBe(1);
  expect(recent.map((message) => message.subject)).toEqual(newestFirst);
  expect((await outbox.recent(undefined)).map((message) => message.subject)).toEqual(newestFirst);
  // The latest one is what a reader of the sandbox inbox (and every code-reading test) takes.
  expect((await outbox.recent("tie@example.com", 1)).map((message) => message.subject)).toEqual([
    "Message 6",
  ]);
});
