import { describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.ts";
import { createAccountRepo } from "./repo.ts";
import { SESSION_NEUTRAL, SESSION_WRITES } from "./session-cache.ts";

/*
 * ADR 0283: session lookups are kept a few seconds, so every account-repo method that can change one must drop
 * it. Each method is either a write that names the lookups it changes or one recorded as leaving them true; a
 * new method fails here until someone decides which.
 */
describe("the session cache's watch over the account repo", () => {
  it("classifies every method of the account repo", () => {
    const repo = createAccountRepo({} as Database);
    const writes = Object.keys(SESSION_WRITES);
    const neutral = Object.keys(SESSION_NEUTRAL);
    expect(writes.filter((name) => neutral.includes(name))).toEqual([]);
    expect(Object.keys(repo).filter((name) => !writes.includes(name) && !neutral.includes(name))).toEqual([]);
    expect([...writes, ...neutral].filter((name) => !(name in repo))).toEqual([]);
  });

  it("names the sessions each write changes", () => {
    expect(SESSION_WRITES.revokeFamily?.("fam-1")).toEqual(["personal:family:fam-1"]);
    expect(SESSION_WRITES.claimRotation?.("ses-1")).toEqual(["personal:session:ses-1"]);
    expect(SESSION_WRITES.updateCustomer?.("cus-1", {})).toEqual(["personal:customer:cus-1"]);
    expect(SESSION_WRITES.revokeAllSessions?.("cus-1")).toEqual(["personal:customer:cus-1"]);
    expect(SESSION_WRITES.anonymize?.("cus-1")).toEqual(["personal:customer:cus-1"]);
    expect(SESSION_WRITES.purgeExpired?.(new Date())).toEqual(["personal:all"]);
  });
});
