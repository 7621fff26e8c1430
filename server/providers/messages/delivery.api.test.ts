import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.ts";
import { jobs, messageOutbox } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { createJobRunner } from "../../jobs/runner.ts";
import { createMessageDelivery } from "./delivery.ts";
import { createSmtpTransport } from "./email-transport.ts";

const app = setupTestApp();

interface Received {
  to: string[];
  raw: string;
}

// A real SMTP server on a random local port; it refuses mail to any address at refuse.example and holds mail
// to stall.example until the test lets it through.
const received: Received[] = [];
let stalled: (() => void) | undefined;
let release: (() => void) | undefined;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address.endsWith("@refuse.example")) return callback(new Error("mailbox unavailable"));
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", async () => {
      if (session.envelope.rcptTo.some((r) => r.address.endsWith("@stall.example"))) {
        await new Promise<void>((resolve) => {
          release = resolve;
          stalled?.();
        });
      }
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString(),
      });
      callback();
    });
  },
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("outbox delivery over SMTP", () => {
  it("delivers pending e-mails once and marks them SENT; SMS wait for a gateway", async () => {
    await app.services.outbox.send({
      channel: "EMAIL",
      to: "inbox@example.com",
      subject: "Code",
      body: "Your code is 123456",
    });
    await app.services.outbox.send({ channel: "SMS", to: "+85291234567", body: "Your code is 654321" });
    const runner = createJobRunner({ db: app.database.db });
    const delivery = createMessageDelivery({
      db: app.database.db,
      email: createSmtpTransport(`smtp://127.0.0.1:${port}`, "Roamly eSIM <no-reply@roamly.example>"),
    });
    delivery.registerJobs(runner);
    // One job per message: the e-mail is sent, the SMS job finds no gateway and leaves it in the outbox.
    expect(await runner.drain()).toBe(2);
    expect(await runner.drain()).toBe(0);
    delivery.close();

    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(["inbox@example.com"]);
    expect(received[0]!.raw).toContain("Your code is 123456");
    expect(received[0]!.raw).toContain("Subject: Code");
    const rows = await app.database.db.select().from(messageOutbox);
    expect(rows.find((r) => r.to === "inbox@example.com")).toMatchObject({ status: "SENT", attempts: 1 });
    expect(rows.find((r) => r.channel === "SMS")).toMatchObject({ status: "PENDING", attempts: 0 });
  });

  it("keeps a refused e-mail PENDING with the error and a later retry time", async () => {
    await app.services.outbox.send({
      channel: "EMAIL",
      to: "nobody@refuse.example",
      subject: "Code",
      body: "x",
    });
    const errors: unknown[] = [];
    const runner = createJobRunner({ db: app.database.db, onError: (error) => errors.push(error) });
    const delivery = createMessageDelivery({
      db: app.database.db,
      email: createSmtpTransport(`smtp://127.0.0.1:${port}`, "no-reply@roamly.example"),
    });
    delivery.registerJobs(runner);
    expect(await runner.drain()).toBe(1);
    delivery.close();
    const [row] = await app.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.to, "nobody@refuse.example"));
    expect(row).toMatchObject({ status: "PENDING", attempts: 1 });
    expect(row!.lastError).toMatch(/mailbox unavailable/);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(errors).toHaveLength(1);
  });

  it("holds no lock on the message while the mail server takes its time", async () => {
    await app.services.outbox.send({
      channel: "EMAIL",
      to: "slow@stall.example",
      subject: "Slow",
      body: "x",
    });
    const runner = createJobRunner({ db: app.database.db });
    const delivery = createMessageDelivery({
      db: app.database.db,
      email: createSmtpTransport(`smtp://127.0.0.1:${port}`, "no-reply@roamly.example"),
    });
    delivery.registerJobs(runner);
    const inSmtp = new Promise<void>((resolve) => {
      stalled = resolve;
    });
    const draining = runner.drain();
    await inSmtp;
    // Mid-send, the row can be locked by anyone else at once (no transaction spans the SMTP conversation).
    const locked = await app.database.db.transaction(async (tx) =>
      (tx as unknown as Database).execute(
        "select id from message_outbox where \"to\" = 'slow@stall.example' for update nowait",
      ),
    );
    expect((locked as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    release?.();
    expect(await draining).toBe(1);
    delivery.close();
    const [row] = await app.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.to, "slow@stall.example"));
    expect(row).toMatchObject({ status: "SENT", attempts: 1 });
  });

  it("marks a message FAILED after its fifth refusal, and queues messages that have no delivery job", async () => {
    await app.services.outbox.send({
      channel: "EMAIL",
      to: "never@refuse.example",
      subject: "No",
      body: "x",
    });
    // A message written before delivery was a job (or by hand): the catch-up at start-up gives it one.
    await app.database.db
      .insert(messageOutbox)
      .values({ channel: "EMAIL", to: "legacy@example.com", subject: "Old", body: "from before" });
    const runner = createJobRunner({ db: app.database.db, onError: () => undefined });
    const delivery = createMessageDelivery({
      db: app.database.db,
      email: createSmtpTransport(`smtp://127.0.0.1:${port}`, "no-reply@roamly.example"),
    });
    delivery.registerJobs(runner);
    expect(await delivery.enqueuePending()).toBe(1);
    expect(await delivery.enqueuePending()).toBe(0);
    let at = Date.now();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await runner.drain(new Date(at));
      at += 3_600_000;
    }
    delivery.close();
    expect(received.filter((mail) => mail.to.includes("legacy@example.com"))).toHaveLength(1);
    const [row] = await app.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.to, "never@refuse.example"));
    expect(row).toMatchObject({ status: "FAILED", attempts: 5 });
    const [job] = await app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `message:${row!.id}`));
    expect(job).toMatchObject({ status: "DEAD", attempts: 5 });
  });
});
