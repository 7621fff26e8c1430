import { z } from "zod";
import { LOCALES } from "../constants.ts";
import { PATTERNS } from "../validation.ts";
import { email, INVALID, personName, REQUIRED, TYPE_MISMATCH, text } from "./fields.ts";

/*
 * The account forms, one zod schema each, shared by the browser (Conform reads the form's FormData) and the
 * server (the Fastify route's body or query) (ADR 0207). Field names are the API's (`captcha`, not `code`).
 *
 * What only one side has:
 * - the password: the shopper types it, the API receives it RSA-encrypted (password-transport.ts). Each form
 *   takes the side's `PasswordRules`: `TYPED_PASSWORD` checks what was typed (a new password against spec 9's
 *   rule), `SEALED_PASSWORD` checks the envelope; the server checks the decrypted value with `passwordProblem`.
 * - the browser's choices, sent along with the fields: `kind` (e-mail or phone), `mode` (bind to an existing or a
 *   new account) and `method` (delete with the password or a code). They only decide which fields are required;
 *   the API, which never gets them, infers the contact from the fields and leaves the rest to the use case.
 * - `extra` fields the other side never has (the social token on the server; "understood" in the browser).
 *
 * A wrong verification code is a business answer (`account.codeInvalid`, from the service), not a field rule: the
 * field rule only says a code is six digits (`account.field.code`).
 */

const fieldError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? REQUIRED : TYPE_MISMATCH;

export const CODE_FORMAT = "account.field.code";
/** A wrong verification or captcha code. */
export const CODE_INVALID = "account.codeInvalid";

/** spec 5: a phone outside mainland China is digits only; mainland numbers are digits too. */
export const phone = () => text(20).regex(PATTERNS.foreignPhone, "validation.foreignPhone");
/** A country calling code, with or without its "+", given without it. */
export const telCode = () =>
  text(6)
    .regex(/^\+?\d{1,4}$/, INVALID)
    .transform((v) => v.replace("+", ""));
/** The six-digit code sent by e-mail or SMS. */
export const verificationCode = () =>
  z
    .string({ error: fieldError })
    .trim()
    .min(1, REQUIRED)
    .regex(/^\d{6}$/, CODE_FORMAT);
/**
 * The image captcha's answer: 4 to 8 digits (spec 5). The browser's captcha dialog says a malformed answer is a
 * wrong code (account.codeInvalid), as it says of one the server refuses; the API says the field is invalid.
 */
export const captchaDigits = (malformed: string = INVALID) => text(8).regex(/^\d{4,8}$/, malformed);
/** A base64 RSA-OAEP ciphertext of the password (2048-bit key: 344 characters). */
export const encryptedPassword = () => text(1024).regex(/^[A-Za-z0-9+/=]+$/, INVALID);
export const opaqueKey = () => text(200).regex(/^[A-Za-z0-9_.-]+$/, INVALID);
export const locale = () => z.enum(LOCALES, { error: INVALID });
export const agreed = () => z.literal(true, { error: "account.protocolRequired" });
export const currencyCode = () => z.string().regex(/^[A-Z]{3}$/, INVALID);

/** How one side checks a password field: the one the shopper has, and a new one they choose. */
export interface PasswordRules {
  current: () => z.ZodType<string, string>;
  chosen: () => z.ZodType<string, string>;
}

/** The browser: the current password only has to be typed; a new one follows spec 9 (ADR 0020). */
export const TYPED_PASSWORD: PasswordRules = {
  current: () => z.string({ error: fieldError }).min(1, REQUIRED),
  chosen: () =>
    z
      .string({ error: fieldError })
      .refine((value) => value.trim() !== "", REQUIRED)
      .refine((value) => value.trim() === "" || PATTERNS.password.test(value), "validation.password"),
};

/** The API: both arrive encrypted; the use case decrypts them and checks a new one (passwordProblem). */
export const SEALED_PASSWORD: PasswordRules = { current: encryptedPassword, chosen: encryptedPassword };

/** Either an e-mail, or a phone with its country calling code; `kind` is the browser's choice between them. */
export const contactFields = {
  kind: z.enum(["email", "phone"], { error: INVALID }).optional(),
  email: email().optional(),
  phone: phone().optional(),
  internationalTelCode: telCode().optional(),
};

type Loose = Record<string, unknown>;
type Check = (value: Loose, ctx: z.RefinementCtx) => void;

const missing = (value: unknown) => value === undefined || value === null || value === "";

function requireFields(value: Loose, ctx: z.RefinementCtx, names: string[]) {
  for (const name of names) {
    if (missing(value[name])) ctx.addIssue({ code: "custom", path: [name], message: REQUIRED });
  }
}

/** The contact the chosen kind needs; without a choice, a phone when one is given, else an e-mail. */
const requireContact: Check = (value, ctx) => {
  const kind = value.kind ?? (missing(value.phone) ? "email" : "phone");
  requireFields(value, ctx, kind === "email" ? ["email"] : ["phone", "internationalTelCode"]);
};

/**
 * An object whose cross-field rules run even when a field already failed, so every missing field is reported
 * at once.
 */
function form<T extends z.ZodRawShape>(shape: T, ...checks: Check[]) {
  return z.object(shape).superRefine(
    (parsed, ctx) => {
      for (const check of checks) check(parsed as Loose, ctx);
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );
}

/** Any contact lookup (is this address registered?). */
export const contactSchema = () => form(contactFields, requireContact);

/** Log in with a code: the contact and the code sent to it. */
export const codeLoginSchema = () =>
  form(
    {
      ...contactFields,
      captcha: verificationCode(),
      captchaKey: opaqueKey().optional(),
      // Sign-up by code (issue 30, ADR 0320): the button's own words accept the terms; the browser sends true.
      // An address with no account gets one only when this is true.
      protocolAgreed: z.boolean().optional(),
      defaultLanguage: locale().optional(),
      preferenceCurrency: currencyCode().optional(),
    },
    requireContact,
  );

/** Log in with a password: the account (an e-mail, or a phone with its calling code) and the password. */
export const passwordLoginShape = (password: PasswordRules) => ({
  account: text(254),
  internationalTelCode: telCode().optional(),
  password: password.current(),
});

/** /register: a contact, its code, a new password, and the agreement. */
export const registerSchema = (password: PasswordRules) =>
  form(
    {
      ...contactFields,
      captcha: verificationCode(),
      captchaKey: opaqueKey().optional(),
      password: password.chosen(),
      nickName: personName(32).optional(),
      defaultLanguage: locale().optional(),
      preferenceCurrency: currencyCode().optional(),
      protocolAgreed: agreed(),
    },
    requireContact,
  );

/** /logins/forget-password: the registered contact, its code, and the new password. */
export const resetPasswordSchema = (password: PasswordRules) =>
  form(
    {
      ...contactFields,
      captcha: verificationCode(),
      captchaKey: opaqueKey().optional(),
      password: password.chosen(),
    },
    requireContact,
  );

/**
 * /bind: link a social sign-in to an existing account (its password) or a new one (a code and a new password).
 * Without `mode` (the API), either proof is accepted here and the use case decides.
 */
export const bindSchema = <T extends z.ZodRawShape = Record<never, never>>(
  password: PasswordRules,
  extra: T = {} as T,
) =>
  form(
    {
      ...contactFields,
      mode: z.enum(["existing", "new"], { error: INVALID }).optional(),
      password: password.current().optional(),
      captcha: verificationCode().optional(),
      captchaKey: opaqueKey().optional(),
      protocolAgreed: agreed(),
      ...extra,
    },
    requireContact,
    (value, ctx) => {
      if (value.mode === "existing") requireFields(value, ctx, ["password"]);
      if (value.mode !== "new") return;
      requireFields(value, ctx, ["captcha", "password"]);
      if (missing(value.password)) return;
      for (const issue of password.chosen().safeParse(value.password).error?.issues ?? []) {
        ctx.addIssue({ code: "custom", path: ["password"], message: issue.message });
      }
    },
  );

/** /my/userInfo/delete: the password or a code (ADR 0063); `method` is the browser's choice between them. */
export const deleteAccountSchema = <T extends z.ZodRawShape = Record<never, never>>(
  password: PasswordRules,
  extra: T = {} as T,
) =>
  form(
    {
      method: z.enum(["password", "code"], { error: INVALID }).optional(),
      password: password.current().optional(),
      captcha: verificationCode().optional(),
      captchaKey: opaqueKey().optional(),
      ...extra,
    },
    (value, ctx) => {
      if (value.method === "password") requireFields(value, ctx, ["password"]);
      if (value.method === "code") requireFields(value, ctx, ["captcha"]);
    },
  );

/** /logins/preference and the profile: what the customer changes of their own info (spec 3 customer info). */
export const customerInfoSchema = () =>
  z
    .object({
      nickName: personName(32).optional(),
      defaultLanguage: locale().optional(),
      preferenceCurrency: currencyCode().optional(),
    })
    .strict();

/** A region code of the address tree (ADR 0215). */
const regionCode = () => text(32).regex(/^[A-Za-z0-9_-]+$/, INVALID);

/** spec 3: the billing address, as picked address codes (one branch of the region tree) and a street line. */
export const billingAddressSchema = () =>
  z
    .object({
      regionCode: regionCode(),
      cityCode: regionCode(),
      districtCode: regionCode(),
      street: text(200),
    })
    .strict();

/**
 * The sandbox identity provider's persona (ADR 0093, outside production): who the sandbox signs in as. The dev
 * token endpoint takes these fields (with its own test-only extras) and the login page's sandbox dialog reads them.
 */
export const sandboxPersonaShape = {
  sub: z.string({ error: fieldError }).trim().min(1, REQUIRED).max(255, INVALID),
  email: z.string({ error: fieldError }).trim().max(254, INVALID).email(INVALID).optional(),
  emailVerified: z.boolean({ error: INVALID }).optional(),
};
