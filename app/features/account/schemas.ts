import { z } from "zod";
import {
  billingAddressSchema,
  bindSchema,
  CODE_INVALID,
  captchaDigits,
  codeLoginSchema,
  customerInfoSchema,
  deleteAccountSchema,
  passwordLoginShape,
  registerSchema,
  resetPasswordSchema,
  sandboxPersonaShape,
  TYPED_PASSWORD,
} from "../../../core/forms/account.ts";
import { REQUIRED } from "../../../core/forms/fields.ts";

/*
 * The account pages' forms, each read from its FormData by Conform (app/features/account/account-form.ts), with
 * the same schema the API route checks (core/forms/account.ts, ADR 0207): here with the password as typed, there
 * with it encrypted. A ticked checkbox arrives as true, an unticked one as absent, and an empty input as absent.
 */

/** Log in with a password: the account and the password typed (the server checks it). */
export const passwordLoginSchema = z.object(passwordLoginShape(TYPED_PASSWORD));

/** Log in with a code: the contact and its code. */
export const codeFormSchema = () => codeLoginSchema();

/** /register: a contact, its code, a new password, and the agreement. */
export const registerFormSchema = () => registerSchema(TYPED_PASSWORD);

/** /logins/forget-password: the registered e-mail, its code, and the new password. */
export const resetPasswordFormSchema = () => resetPasswordSchema(TYPED_PASSWORD);

/** /bind: link to an existing account (its password) or a new one (a code and a new password). */
export const bindFormSchema = () => bindSchema(TYPED_PASSWORD);

/** /my/userInfo/delete: the consequences understood (only the page asks), then the password or a code. */
export const deleteAccountFormSchema = () =>
  deleteAccountSchema(TYPED_PASSWORD, { understood: z.literal(true, { error: REQUIRED }) });

/** /logins/preference: the default language and the preferred currency, as the API takes them. */
export const preferenceFormSchema = () => customerInfoSchema();

/** The profile's billing address: the picked area's codes (hidden inputs) and the street typed. */
export const billingAddressFormSchema = () => billingAddressSchema();

/** The image captcha dialog: the digits read off the image (the code-send and login APIs' `captcha`). */
export const captchaAnswerFormSchema = () => z.object({ captcha: captchaDigits(CODE_INVALID) });

/** The sandbox sign-in's persona (outside production): the dev token endpoint's fields. */
export const sandboxPersonaFormSchema = () => z.object(sandboxPersonaShape);
