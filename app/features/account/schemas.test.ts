import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { captchaDigits } from "../../../core/forms/account.ts";
import {
  billingAddressFormSchema,
  bindFormSchema,
  captchaAnswerFormSchema,
  deleteAccountFormSchema,
  preferenceFormSchema,
  registerFormSchema,
  resetPasswordFormSchema,
  sandboxPersonaFormSchema,
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

  it("preference: the language and currency the API takes, and nothing else", () => {
    const good = parseWithZod(form({ defaultLanguage: "zh_HK", preferenceCurrency: "USD" }), {
      schema: preferenceFormSchema(),
    });
    expect(good.status).toBe("success");
    const bad = parseWithZod(form({ defaultLanguage: "fr_FR", preferenceCurrency: "usd" }), {
      schema: preferenceFormSchema(),
    });
    expect(firstErrors(bad)).toEqual({
      defaultLanguage: "account.field.invalid",
      preferenceCurrency: "account.field.invalid",
    });
  });

  it("billing address: no area picked and no street name each missing field", () => {
    const result = parseWithZod(form({ street: " " }), { schema: billingAddressFormSchema() });
    expect(firstErrors(result)).toEqual({
      regionCode: "account.field.required",
      cityCode: "account.field.required",
      districtCode: "account.field.required",
      street: "account.field.required",
    });
    const picked = parseWithZod(
      form({ regionCode: "CN-GD", cityCode: "CN-GD-SZ", districtCode: "CN-GD-SZ-NS", street: " 1 Road " }),
      { schema: billingAddressFormSchema() },
    );
    expect(picked.status === "success" && picked.value.street).toBe("1 Road");
  });

  it("captcha dialog: a malformed answer is a wrong code, where the API calls the field invalid", () => {
    const schema = captchaAnswerFormSchema();
    expect(firstErrors(parseWithZod(form({ captcha: "" }), { schema }))).toEqual({
      captcha: "account.field.required",
    });
    expect(firstErrors(parseWithZod(form({ captcha: "12" }), { schema }))).toEqual({
      captcha: "account.codeInvalid",
    });
    expect(captchaDigits().safeParse("12").error?.issues[0]?.message).toBe("account.field.invalid");
    expect(parseWithZod(form({ captcha: "1234" }), { schema }).status).toBe("success");
  });

  it("sandbox persona: the subject is required, the e-mail optional, the ticked box is true", () => {
    const schema = sandboxPersonaFormSchema();
    expect(firstErrors(parseWithZod(form({ sub: " ", email: "nope" }), { schema }))).toEqual({
      sub: "account.field.required",
      email: "account.field.invalid",
    });
    const ok = parseWithZod(form({ sub: "sandbox-1", emailVerified: "on" }), { schema });
    expect(ok.status === "success" && ok.value).toEqual({ sub: "sandbox-1", emailVerified: true });
  });
});
