import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  bindFormSchema,
  deleteAccountFormSchema,
  registerFormSchema,
  resetPasswordFormSchema,
} from "./schemas.ts";

// Each account form is checked through its one schema over the FormData the browser submits (Conform), so
// these tests read exactly what the shopper typed, ticked or left empty.
function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

function firstErrors(result: { reply(): { error?: Record<string, string[] | null> | null } }) {
  const reply = result.reply();
  return Object.fromEntries(
    Object.entries(reply.error ?? {}).map(([name, messages]) => [name, messages?.[0] ?? ""]),
  );
}

const GOOD_PASSWORD = "Trip2026!ok";

describe("account form schemas", () => {
  it("register: an empty form names every missing field at once", () => {
    const result = parseWithZod(form({ kind: "email", email: "", captcha: "", password: "" }), {
      schema: registerFormSchema(),
    });
    expect(result.status).toBe("error");
    expect(firstErrors(result)).toEqual({
      email: "account.field.required",
      captcha: "account.field.required",
      password: "account.field.required",
      protocolAgreed: "account.protocolRequired",
    });
  });

  it("register: a bad e-mail, a short code and an unticked agreement are each reported", () => {
    const result = parseWithZod(
      form({ kind: "email", email: "traveller@", captcha: "123", password: GOOD_PASSWORD }),
      { schema: registerFormSchema() },
    );
    const errors = firstErrors(result);
    expect(errors.email).toBeTruthy();
    expect(errors.email).toBe("validation.email");
    expect(errors.captcha).toBe("account.field.code");
    expect(errors.protocolAgreed).toBe("account.protocolRequired");
    expect(errors.password).toBeUndefined();
  });

  it("register: a phone contact asks for the phone, and a complete form passes with the values typed", () => {
    expect(
      firstErrors(
        parseWithZod(
          form({ kind: "phone", internationalTelCode: "852", captcha: "123456", password: GOOD_PASSWORD }),
          { schema: registerFormSchema() },
        ),
      ),
    ).toEqual({ phone: "account.field.required", protocolAgreed: "account.protocolRequired" });
    const result = parseWithZod(
      form({
        kind: "email",
        email: "traveller@example.com",
        captcha: "123456",
        password: GOOD_PASSWORD,
        protocolAgreed: "on",
      }),
      { schema: registerFormSchema() },
    );
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toMatchObject({
      email: "traveller@example.com",
      captcha: "123456",
      password: GOOD_PASSWORD,
      protocolAgreed: true,
    });
  });

  it("forgotten password: e-mail, code and a new password that meets the rules", () => {
    const errors = firstErrors(
      parseWithZod(form({ email: "a@b.co", captcha: "654321", password: "short" }), {
        schema: resetPasswordFormSchema(),
      }),
    );
    expect(Object.keys(errors)).toEqual(["password"]);
    expect(errors.password).not.toBe("account.field.required");
  });

  it("bind: an existing account needs only a password typed; a new one needs a code and a valid password", () => {
    const existing = parseWithZod(
      form({ kind: "email", email: "a@b.co", mode: "existing", password: "x", protocolAgreed: "on" }),
      { schema: bindFormSchema() },
    );
    expect(existing.status).toBe("success");
    expect(
      firstErrors(
        parseWithZod(form({ kind: "email", email: "a@b.co", mode: "existing", protocolAgreed: "on" }), {
          schema: bindFormSchema(),
        }),
      ),
    ).toEqual({ password: "account.field.required" });
    const fresh = firstErrors(
      parseWithZod(
        form({ kind: "email", email: "a@b.co", mode: "new", password: "x", protocolAgreed: "on" }),
        {
          schema: bindFormSchema(),
        },
      ),
    );
    expect(fresh.captcha).toBe("account.field.required");
    expect(fresh.password).toBeTruthy();
    expect(fresh.password).not.toBe("account.field.required");
  });

  it("account deletion: understood must be ticked, then the chosen method's field is required", () => {
    expect(
      firstErrors(parseWithZod(form({ method: "password" }), { schema: deleteAccountFormSchema() })),
    ).toEqual({ understood: "account.field.required", password: "account.field.required" });
    expect(
      firstErrors(
        parseWithZod(form({ understood: "on", method: "code", captcha: "12a" }), {
          schema: deleteAccountFormSchema(),
        }),
      ),
    ).toEqual({ captcha: "account.field.code" });
    expect(
      parseWithZod(form({ understood: "on", method: "code", captcha: "123456" }), {
        schema: deleteAccountFormSchema(),
      }).status,
    ).toBe("success");
  });
});
