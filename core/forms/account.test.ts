import { describe, expect, it } from "vitest";
import {
  bindSchema,
  deleteAccountSchema,
  registerSchema,
  SEALED_PASSWORD,
  TYPED_PASSWORD,
} from "./account.ts";

// One schema per account form (ADR 0207): the browser checks the password typed, the API its encrypted envelope,
// and every other rule and message is the same on both sides.
const ENVELOPE = `${"A".repeat(342)}==`;

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe("account form schemas shared by browser and API", () => {
  it("register reports the same missing and malformed fields on both sides", () => {
    const body = { email: "traveller@", captcha: "12" };
    const browser = fieldErrors(registerSchema(TYPED_PASSWORD).safeParse(body));
    const api = fieldErrors(registerSchema(SEALED_PASSWORD).safeParse(body));
    expect(browser).toEqual({
      email: "validation.email",
      captcha: "account.field.code",
      password: "account.field.required",
      protocolAgreed: "account.protocolRequired",
    });
    expect(api).toEqual(browser);
  });

  it("the browser checks a new password against the rule; the API accepts only an encrypted envelope", () => {
    const body = { email: "a@b.co", captcha: "123456", protocolAgreed: true };
    expect(fieldErrors(registerSchema(TYPED_PASSWORD).safeParse({ ...body, password: "short" }))).toEqual({
      password: "validation.password",
    });
    expect(registerSchema(TYPED_PASSWORD).safeParse({ ...body, password: "Trip2026!ok" }).success).toBe(true);
    expect(
      fieldErrors(registerSchema(SEALED_PASSWORD).safeParse({ ...body, password: "Trip 2026!" })),
    ).toEqual({
      password: "account.field.invalid",
    });
    expect(registerSchema(SEALED_PASSWORD).safeParse({ ...body, password: ENVELOPE }).success).toBe(true);
  });

  it("without the browser's choice, the API infers the contact: a phone needs its calling code", () => {
    expect(fieldErrors(registerSchema(SEALED_PASSWORD).safeParse({ phone: "61234567" }))).toMatchObject({
      internationalTelCode: "account.field.required",
    });
    expect(fieldErrors(registerSchema(TYPED_PASSWORD).safeParse({ kind: "phone" }))).toMatchObject({
      phone: "account.field.required",
      internationalTelCode: "account.field.required",
    });
  });

  it("bind and deletion require the proof the browser chose; the API leaves the choice to the use case", () => {
    const contact = { email: "a@b.co", protocolAgreed: true };
    expect(fieldErrors(bindSchema(TYPED_PASSWORD).safeParse({ ...contact, mode: "new" }))).toEqual({
      captcha: "account.field.required",
      password: "account.field.required",
    });
    expect(bindSchema(SEALED_PASSWORD).safeParse(contact).success).toBe(true);
    expect(fieldErrors(deleteAccountSchema(TYPED_PASSWORD).safeParse({ method: "code" }))).toEqual({
      captcha: "account.field.required",
    });
    expect(deleteAccountSchema(SEALED_PASSWORD).safeParse({ captcha: "123456" }).success).toBe(true);
  });
});
