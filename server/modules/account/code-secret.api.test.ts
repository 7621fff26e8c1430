import { createHash, createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verificationCodes } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { emailCode, encryptPassword, GOOD_PASSWORD } from "./account-test-kit.ts";

// Issue 14.13 / ADR 0189: a stolen copy of the database does not give away a live code.
const SECRET = "test-code-secret-0123456789abcdefghijklmnop";
const app = setupTestApp({ CODE_HMAC_SECRET: SECRET });

describe("verification codes are stored as an HMAC with the server's secret", () => {
  it("cannot be found from the database alone, and is found with the secret", async () => {
    const { captchaKey, code } = await emailCode(app, "stolen-db@example.com", "REGISTER");
    const [row] = await app.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.id, captchaKey));
    // What an attacker with the rows alone would try: every code against an unkeyed hash. None matches.
    const unkeyed = (guess: string) => createHash("sha256").update(`${captchaKey}:${guess}`).digest("hex");
    let found: string | null = null;
    for (let guess = 0; guess < 1_000_000 && found === null; guess++) {
      const candidate = String(guess).padStart(6, "0");
      if (unkeyed(candidate) === row!.codeHash) found = candidate;
    }
    expect(found).toBeNull();
    expect(row!.codeHash).toBe(createHmac("sha256", SECRET).update(`${captchaKey}:${code}`).digest("hex"));
  });

  it("still takes the code the shopper received", async () => {
    const { captchaKey, code } = await emailCode(app, "code-user@example.com", "REGISTER");
    const res = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/register",
      payload: {
        email: "code-user@example.com",
        captcha: code,
        captchaKey,
        password: await encryptPassword(app, GOOD_PASSWORD),
        protocolAgreed: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.loginName).toBe("code-user@example.com");
  });
});
