import { describe, expect, it } from "vitest";
import { emailDelivery } from "./support-console.ts";

/** The order timeline's e-mail states (issue 29): what the outbox row and the transport say, never "PENDING". */
describe("emailDelivery", () => {
  const sentAt = new Date("2026-12-01T10:00:00Z");
  const next = new Date("2026-12-01T10:01:00Z");
  const row = (status: string, attempts: number) => ({
    status,
    attempts,
    sentAt: status === "SENT" ? sentAt : null,
    nextAttemptAt: next,
  });

  it("tells delivered, failed, retrying, queued and never-sent apart", () => {
    expect(emailDelivery(row("SENT", 1), true)).toEqual({
      state: "SENT",
      attempts: 1,
      at: sentAt.toISOString(),
    });
    expect(emailDelivery(row("FAILED", 5), true)).toEqual({ state: "FAILED", attempts: 5, at: null });
    expect(emailDelivery(row("PENDING", 2), true)).toEqual({
      state: "RETRYING",
      attempts: 2,
      at: next.toISOString(),
    });
    expect(emailDelivery(row("PENDING", 0), true)).toEqual({ state: "QUEUED", attempts: 0, at: null });
    expect(emailDelivery(row("PENDING", 0), false)).toEqual({ state: "UNSENT", attempts: 0, at: null });
  });
});
