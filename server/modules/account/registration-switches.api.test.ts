import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/api.ts";
import { createTestDatabase } from "../../../test/db.ts";
import { buildApp } from "../../app.ts";
import { readEnv } from "../../env.ts";
import { encryptPassword, GOOD_PASSWORD, solvedCaptcha } from "./account-test-kit.ts";

// spec 6: registration is offered only when the server's parameters enable it. This store registers by e-mail
// only (REGISTER_PHONE_ENABLED=false): the switches say so, and the API refuses a phone registration outright.
const app = {} as TestApp;

beforeAll(async () => {
  app.database = await createTestDatabase();
  const env = readEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", REGISTER_PHONE_ENABLED: "false" });
  const built = await buildApp({ env, database: app.database, ssr: "none", logger: false });
  await built.server.ready();
  app.server = built.server;
  app.services = built.services;
});

afterAll(async () => {
  await app.server?.close();
  await app.database?.close();
});

describe("registration switched off for phones", () => {
  it("publishes the switches, and sends no REGISTER code to a phone", async () => {
    const keys = await app.server.inject({ method: "GET", url: "/o2user/v1/pub/customer/public-key" });
    expect(keys.json().data).toEqual({ emailRegistrationEnabled: true, phoneRegistrationEnabled: false });

    const proof = await solvedCaptcha(app);
    const send = await app.server.inject({
      method: "POST",
      url: "/o2user/v1/pub/send-phone-captcha-always",
      payload: { phone: "61234567", internationalTelCode: "852", businessScope: "REGISTER", ...proof },
    });
    expect(send.statusCode).toBe(403);
    expect(send.json()).toMatchObject({ failed: true, code: "account.registerDisabled" });
    const outbox = await app.server.inject({ method: "GET", url: "/__dev/outbox" });
    expect(outbox.json().messages).toEqual([]);
  });

  it("refuses a phone registration even with a code in hand, and still registers by e-mail", async () => {
    const password = await encryptPassword(app as never, GOOD_PASSWORD);
    const phone = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/register",
      payload: {
        phone: "61234567",
        internationalTelCode: "852",
        captcha: "123456",
        password,
        protocolAgreed: true,
      },
    });
    expect(phone.statusCode).toBe(403);
    expect(phone.json().code).toBe("account.registerDisabled");

    const proof = await solvedCaptcha(app);
    const send = await app.server.inject({
      method: "POST",
      url: "/o2user/v1/pub/send-email-captcha-always",
      payload: { email: "still-open@example.com", businessScope: "REGISTER", userType: "C", ...proof },
    });
    expect(send.statusCode).toBe(200);
  });
});
