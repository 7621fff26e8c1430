import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageOutbox } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { createDeliveryWorker } from "./delivery-worker.ts";
import { createSmtpTransport } from "./email-transport.ts";

const app = setupTestApp();

interface Received {
  to: string[];
  raw: string;
}

// A real SMTP server on a random local port; it refuses mail to any address at refuse.example.
const received: Received[] = [];
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
    stream.on("end", () => {
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
    const worker = createDeliveryWorker({
      db: app.database.db,
      email: createSmtpTransport(`smtp://127.0.0.1:${port}`, "Roamly eSIM <no-reply@roamly.example>"),
    });
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();

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
    const worker = createDeliveryWorker({
      db: app.database.db,
      email: createSmtpTransport(`smtp://127.0.0.1:${port}`, "no-reply@roamly.example"),
      onError: (error) => errors.push(error),
    });
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
    const [row] = await app.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.to, "nobody@refuse.example"));
    expect(row).toMatchObject({ status: "PENDING", attempts: 1 });
    expect(row!.lastError).toMatch(/mailbox unavailable/);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(errors).toHaveLength(1);
  });
});
