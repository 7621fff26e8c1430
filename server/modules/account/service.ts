import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../core/constants.ts";
import { translate } from "../../../core/i18n/index.ts";
import type { Database } from "../../../db/client.ts";
import type { BillingAddress } from "../../../db/schema/index.ts";
import { ApiError } from "../../http/errors.ts";
import type { RateLimiter } from "../../infra/rate-limit.ts";
import type { CaptchaProof, CaptchaService } from "../captcha/service.ts";
import { contactAddress, contactLoginName, contactTarget } from "./contact.ts";
import type { Contact } from "./inputs.ts";
import { createLoginSlowing } from "./login-slowing.ts";
import { hashPassword, needsRehash, type ScryptParams, verifyPassword } from "./password-hash.ts";
import { passwordProblem } from "./password-rule.ts";
import type { PasswordTransport } from "./password-transport.ts";
import { type AccountRepo, type CustomerRow, isUniqueViolation } from "./repo.ts";
import type { CurrentCustomer, IssuedTokens, Sessions } from "./sessions.ts";
import type { CodePurpose, VerificationCodes } from "./verification-codes.ts";

export interface AccountSettings {
  scrypt: ScryptParams;
  /** The longest pause before a password is checked on an account under attack (ADR 0187). */
  loginSlowingMaxMs: number;
  emailRegistrationEnabled: boolean;
  phoneRegistrationEnabled: boolean;
}

export interface Client {
  ip: string;
  userAgent?: string;
  locale: Locale;
  /** The invite code the shopper arrived with (the invite cookie, ADR 0242), kept through sign-up. */
  inviteCode?: string;
}

export interface LoginResult extends IssuedTokens {
  message: string;
  user: { loginName: string | null; nickName: string | null };
}

/** ADR 0321: code sends in an hour to one address, and from one client, before the next needs an image captcha. */
export const CODE_SENDS_FREE_PER_TARGET = 2;
export const CODE_SENDS_FREE_PER_IP = 5;

// spec 9: captcha interval default 60 s.
export const CODE_INTERVAL_S = 60;

/** The captcha account a contact can be proven for: the e-mail, or the phone digits (with or without its code). */
function captchaAccounts(contact: Contact): string[] {
  return contact.kind === "email"
    ? [contact.email]
    : [contact.phone, `${contact.internationalTelCode}${contact.phone}`];
}

export interface AccountServiceDeps {
  repo: AccountRepo;
  sessions: Sessions;
  codes: VerificationCodes;
  captcha: CaptchaService;
  transport: PasswordTransport;
  limiter: RateLimiter;
  settings: AccountSettings;
  /**
   * Account deletion asks every module that holds the customer's data to forget it, in the deletion's
   * transaction (ADR 0165): the orders give up their contacts and return the e-mails they had; the
   * messages sent to any of the customer's addresses are deleted.
   */
  forget: {
    /** The payments module clears and schedules what it keeps about the customer (ADR 0165). */
    payments: (customerId: string, tx: Database) => Promise<void>;
    orders: (customerId: string, tx: Database) => Promise<string[]>;
    messages: (addresses: string[], tx: Database) => Promise<void>;
    /** The uploads module deletes the customer's files (rows now, files by a job after the commit). */
    uploads?: (customerId: string, tx: Database) => Promise<void>;
    /** The reviews module keeps a deleted customer's reviews without their id. */
    reviews?: (customerId: string, tx: Database) => Promise<unknown>;
    /** The console deletes its operators' notes about the customer (ADR 0361). */
    staffNotes?: (customerId: string, tx: Database) => Promise<void>;
  };
  /** The terms version in force in a locale, recorded on every new account (ADR 0200). */
  termsVersionInForce?: (locale: Locale, executor?: Database) => Promise<number | null>;
  /**
   * A new account was made (registration, social sign-up or bind) and its transaction committed, with the invite
   * code the shopper arrived with (ADR 0242). Its failure never fails the sign-up.
   */
  onSignedUp?: (customer: CustomerRow, inviteCode: string) => Promise<void>;
  /**
   * Issue 12 (ADR 0252): the coupon module puts the welcome coupons in the new account's wallet, inside the
   * transaction that makes the account, so no account exists without them and none gets them twice.
   */
  welcome?: (customerId: string, tx: Database) => Promise<unknown>;
  onSignUpHookError?: (error: unknown) => void;
}

/** A customer as the console shows them: contacts and status, never the password hash. */
function consoleCustomerView(row: CustomerRow) {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone ? `+${row.internationalTelCode ?? ""} ${row.phone}` : null,
    nickName: row.nickName,
    status: row.status,
    language: row.defaultLanguage,
    createdAt: row.createdAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

export function createAccountService(deps: AccountServiceDeps) {
  const { repo, sessions, codes, captcha, transport, limiter, settings } = deps;
  const slowing = createLoginSlowing({ limiter, captcha, maxMs: settings.loginSlowingMaxMs });
  // Verified when the account does not exist, so a wrong account takes as long as a wrong password.
  const dummyHash = hashPassword("dummy-password-1!", settings.scrypt);

  async function acceptablePassword(ciphertext: string): Promise<string> {
    const password = await transport.decrypt(ciphertext);
    const problem = passwordProblem(password);
    if (problem) throw new ApiError(400, problem, { fields: { password: problem } });
    return password;
  }

  function registrationOpen(contact: Contact): boolean {
    return contact.kind === "email" ? settings.emailRegistrationEnabled : settings.phoneRegistrationEnabled;
  }

  function checkRegistrationOpen(contact: Contact) {
    if (!registrationOpen(contact)) throw new ApiError(403, "account.registerDisabled");
  }

  function hasCaptchaProof(proof: CaptchaProof): boolean {
    return Boolean(proof.lastCheckKey || (proof.captcha && proof.captchaKey));
  }

  /**
   * ADR 0321: whether the next code send needs an image captcha: after CODE_SENDS_FREE_PER_TARGET sends to this
   * address or CODE_SENDS_FREE_PER_IP sends from this client in the hour, or after a wrong code for the address
   * in the last ten minutes. Only reads the counters (the send counts itself once it is allowed).
   */
  async function codeSendRisky(target: string, ip: string): Promise<boolean> {
    const [byTarget, byIp, failures] = await Promise.all([
      limiter.count("codeSendRiskTarget", target),
      limiter.count("codeSendRiskIp", ip),
      limiter.count("codeFailures", target),
    ]);
    return byTarget >= CODE_SENDS_FREE_PER_TARGET || byIp >= CODE_SENDS_FREE_PER_IP || failures > 0;
  }

  /** After a sign-up committed: hands the invite code on; a failure there is not the shopper's problem. */
  async function signedUp(customer: CustomerRow, client: Client) {
    if (!client.inviteCode || !deps.onSignedUp) return;
    try {
      await deps.onSignedUp(customer, client.inviteCode);
    } catch (error) {
      deps.onSignUpHookError?.(error);
    }
  }

  /** Ends every session and has every module forget the customer, in one transaction (ADRs 0063, 0165). */
  async function forgetAccount(customerId: string, alongside?: (tx: Database) => Promise<unknown>) {
    await repo.db.transaction(async (tx) => {
      const executor = tx as unknown as Database;
      await sessions.endAll(customerId, executor);
      await deps.forget.payments(customerId, executor);
      const addresses = await repo.anonymize(customerId, executor);
      addresses.push(...(await deps.forget.orders(customerId, executor)));
      await deps.forget.messages(addresses, executor);
      await deps.forget.uploads?.(customerId, executor);
      await deps.forget.reviews?.(customerId, executor);
      await deps.forget.staffNotes?.(customerId, executor);
      await alongside?.(executor);
    });
    // Its sessions ended inside the transaction: drop their kept lookups again now that it committed.
    sessions.committed(customerId);
  }

  async function loggedIn(customer: CustomerRow, client: Client, executor?: Database): Promise<LoginResult> {
    const tokens = await sessions.start(customer.id, client.userAgent, executor);
    return {
      ...tokens,
      message: translate(client.locale, "account.loginSuccess"),
      user: { loginName: customer.loginName, nickName: customer.nickName },
    };
  }

  async function createCustomer(
    contact: Contact,
    fields: {
      passwordHash: string | null;
      nickName?: string;
      defaultLanguage?: string;
      preferenceCurrency?: string;
      /** The locale whose terms the shopper read; defaults to their language. */
      termsLocale?: Locale;
    },
    executor?: Database,
  ) {
    const termsLocale =
      fields.termsLocale ?? (isLocale(fields.defaultLanguage) ? fields.defaultLanguage : DEFAULT_LOCALE);
    // In the caller's transaction when there is one (social sign-up makes the account inside one); otherwise
    // in one of its own, so the account and its welcome coupons are committed together (ADR 0252).
    const acceptedTermsVersion = (await deps.termsVersionInForce?.(termsLocale, executor)) ?? null;
    if (!executor) return repo.db.transaction((tx) => insert(tx as unknown as Database));
    return insert(executor);

    async function insert(executor: Database) {
      try {
        const customer = await repo.insertCustomer(
          {
            email: contact.kind === "email" ? contact.email : null,
            phone: contact.kind === "phone" ? contact.phone : null,
            internationalTelCode: contact.kind === "phone" ? contact.internationalTelCode : null,
            passwordHash: fields.passwordHash,
            loginName: contactLoginName(contact),
            nickName: fields.nickName ?? defaultNickName(contact),
            defaultLanguage: fields.defaultLanguage ?? null,
            preferenceCurrency: fields.preferenceCurrency ?? null,
            acceptedTermsVersion,
          },
          executor,
        );
        await deps.welcome?.(customer.id, executor);
        return customer;
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, "account.accountExists");
        throw error;
      }
    }
  }

  return {
    registrationSwitches() {
      return {
        emailRegistrationEnabled: settings.emailRegistrationEnabled,
        phoneRegistrationEnabled: settings.phoneRegistrationEnabled,
      };
    },

    publicKey: () => transport.publicKey(),

    /** The customer behind an access token, or null (the session hook and the SSR root loader call this). */
    currentCustomer: (accessToken: string | null | undefined) =>
      accessToken ? sessions.resolve(accessToken) : Promise.resolve(null),

    /**
     * spec 5, 7: send a code. The spec names the two messages that say whether an account exists; every other
     * case answers the same way whether or not it does.
     */
    async sendCode(
      contact: Contact,
      purpose: CodePurpose,
      proof: CaptchaProof,
      client: Client,
      customer: CurrentCustomer | null,
    ) {
      await limiter.hit("codeSendIp", client.ip);
      const accounts = captchaAccounts(contact);
      // ADR 0321: an image captcha only by risk (ASVS 6.3). A proof the shopper sends is always checked (and
      // spent); without one the send goes ahead unless this address or this client has sent repeatedly or this
      // address has had a wrong code lately. The hard limits below stop bulk sending either way.
      const target = contactTarget(contact);
      if (hasCaptchaProof(proof) || (await codeSendRisky(target, client.ip))) {
        await captcha.requireProof(proof, accounts);
      }
      await limiter.attempt("codeSendRiskTarget", target);
      await limiter.attempt("codeSendRiskIp", client.ip);
      const existing = await repo.findByContact(contact);
      let deliver = true;
      if (purpose === "REGISTER") {
        checkRegistrationOpen(contact);
        if (existing) throw new ApiError(400, "account.sendCodeFailed");
      } else if (purpose === "RESET_PASSWORD") {
        if (!existing) {
          throw new ApiError(
            400,
            contact.kind === "email" ? "account.emailNotRegistered" : "account.sendCodeFailed",
          );
        }
      } else if (purpose === "DELETE_ACCOUNT") {
        if (!customer) throw new ApiError(401, "error.unauthorized");
        if (!existing || existing.id !== customer.id) throw new ApiError(400, "account.sendCodeFailed");
      } else if (!existing && !registrationOpen(contact)) {
        // LOGIN to an unknown account where sign-up is closed: answer as if sent, send nothing (no account
        // enumeration). The same work as a real send, so the time taken does not tell either (issue 32, ADR 0313).
        // Where sign-up is open the code is sent: it signs the shopper up (issue 30, ADR 0320), and the answer is
        // the same as for an existing account.
        deliver = false;
      }
      // After the spec's two answers, so a refused send does not start the countdown for the target.
      await limiter.hit("codeSendInterval", `${contactTarget(contact)}|${purpose}`);
      await limiter.hit("codeSendTarget", contactTarget(contact));
      const captchaKey = await codes.send(contact, purpose, client.locale, { deliver });
      return { captchaKey, interval: CODE_INTERVAL_S, message: translate(client.locale, "account.codeSent") };
    },

    /** spec 7 valid-account: whether an account can be registered with this e-mail or phone. */
    async accountAvailable(contact: Contact, client: Client) {
      await limiter.hit("accountLookupIp", client.ip);
      const existing = await repo.findByContact(contact);
      return { valid: existing === null, registered: existing !== null };
    },

    async register(
      input: {
        contact: Contact;
        code: string;
        captchaKey?: string;
        password: string;
        nickName?: string;
        defaultLanguage?: string;
        preferenceCurrency?: string;
      },
      client: Client,
    ): Promise<LoginResult> {
      checkRegistrationOpen(input.contact);
      const password = await acceptablePassword(input.password);
      await limiter.hit("codeCheckIp", client.ip);
      await codes.consume(input.contact, "REGISTER", input.code, input.captchaKey);
      const passwordHash = await hashPassword(password, settings.scrypt);
      const customer = await createCustomer(input.contact, {
        passwordHash,
        nickName: input.nickName,
        defaultLanguage: input.defaultLanguage,
        preferenceCurrency: input.preferenceCurrency,
        termsLocale: client.locale,
      });
      await signedUp(customer, client);
      return loggedIn(customer, client);
    },

    /**
     * Password sign-in. ADR 0187 replaces the per-account lock with slowing and a captcha: every attempt on an
     * account is counted up front (atomically, so parallel guesses cannot all slip under the threshold) and a
     * success clears the count. Past the free attempts each attempt must carry a solved image captcha and
     * waits loginPauseMs before the password is checked; the owner, with the right password and the captcha,
     * still signs in. The same answers for accounts that do not exist.
     */
    async loginWithPassword(
      contact: Contact,
      encrypted: string,
      client: Client,
      proof: CaptchaProof = {},
    ): Promise<LoginResult> {
      await limiter.hit("loginIp", client.ip);
      const target = contactTarget(contact);
      await slowing.beforePassword("loginFailures", target, proof, captchaAccounts(contact));
      const password = await transport.decrypt(encrypted);
      const customer = await repo.findByContact(contact);
      const hash = customer?.passwordHash ?? (await dummyHash);
      const matches = await verifyPassword(password, hash);
      if (!customer?.passwordHash || !matches) throw new ApiError(400, "account.loginFailed");
      await slowing.succeeded("loginFailures", target);
      if (needsRehash(customer.passwordHash, settings.scrypt)) {
        await repo.updateCustomer(customer.id, {
          passwordHash: await hashPassword(password, settings.scrypt),
        });
      }
      return loggedIn(customer, client);
    },

    /**
     * Sign-in, or sign-up, by code (issue 30, ADR 0320): the code signs in the account the address belongs to, or,
     * when there is none, registration is open for it and the shopper accepted the terms (the button's words),
     * creates it without a password (one can be set later) with its welcome gifts. The code is spent first and
     * only once (an atomic update), so racing requests with the same code create one account at most; a unique
     * address settles any other race, and the loser signs in to the winner's account.
     */
    async loginWithCode(
      contact: Contact,
      code: string,
      captchaKey: string | undefined,
      client: Client,
      signUp: { protocolAgreed?: boolean; defaultLanguage?: string; preferenceCurrency?: string } = {},
    ) {
      await limiter.hit("codeCheckIp", client.ip);
      await codes.consume(contact, "LOGIN", code, captchaKey);
      const customer = await repo.findByContact(contact);
      if (customer) return loggedIn(customer, client);
      // Codes go to unknown addresses only while registration is open for them (ADR 0313 otherwise).
      if (!registrationOpen(contact)) throw new ApiError(400, "account.codeInvalid");
      if (signUp.protocolAgreed !== true) {
        throw new ApiError(400, "account.protocolRequired", {
          fields: { protocolAgreed: "account.protocolRequired" },
        });
      }
      let created: CustomerRow;
      try {
        created = await createCustomer(contact, {
          passwordHash: null,
          defaultLanguage: signUp.defaultLanguage,
          preferenceCurrency: signUp.preferenceCurrency,
          termsLocale: client.locale,
        });
      } catch (error) {
        const winner =
          error instanceof ApiError && error.status === 409 ? await repo.findByContact(contact) : null;
        if (!winner) throw error;
        return loggedIn(winner, client);
      }
      await signedUp(created, client);
      return loggedIn(created, client);
    },

    /** Forgotten password: a RESET_PASSWORD code sets a new password and ends every session. */
    async resetPassword(
      contact: Contact,
      code: string,
      captchaKey: string | undefined,
      encrypted: string,
      client: Client,
    ) {
      const password = await acceptablePassword(encrypted);
      await limiter.hit("codeCheckIp", client.ip);
      await codes.consume(contact, "RESET_PASSWORD", code, captchaKey);
      const customer = await repo.findByContact(contact);
      if (!customer) throw new ApiError(400, "account.codeInvalid");
      await repo.updateCustomer(customer.id, { passwordHash: await hashPassword(password, settings.scrypt) });
      await sessions.endAll(customer.id);
      return { success: true, message: translate(client.locale, "account.passwordReset") };
    },

    refresh: (refreshToken: string, client: Client) => sessions.rotate(refreshToken, client.userAgent),

    logout: (tokens: { accessToken?: string; refreshToken?: string }) => sessions.end(tokens),

    customerInfo(customer: CurrentCustomer) {
      return {
        loginName: customer.loginName,
        nickName: customer.nickName,
        email: customer.email,
        phone: customer.phone,
        internationalTelCode: customer.internationalTelCode,
        defaultLanguage: customer.defaultLanguage,
        preferenceCurrency: customer.preferenceCurrency,
        hasPassword: customer.hasPassword,
        userType: "C",
        createdAt: customer.createdAt.toISOString(),
      };
    },

    async updateCustomerInfo(
      customer: CurrentCustomer,
      changes: { nickName?: string; defaultLanguage?: string; preferenceCurrency?: string },
    ) {
      const row = await repo.updateCustomer(customer.id, changes);
      if (!row) throw new ApiError(401, "error.unauthorized");
      return this.customerInfo({ ...customer, ...changes });
    },

    /** Stores (or with null clears) the billing address the invoice shows (ADR 0215); the caller checked it. */
    async setBillingAddress(customer: CurrentCustomer, address: BillingAddress | null) {
      const row = await repo.updateCustomer(customer.id, { billingAddress: address });
      if (!row) throw new ApiError(401, "error.unauthorized");
    },

    /** The stored billing address of a customer (the invoice's bill-to), or null. */
    async billingAddressOf(customerId: string): Promise<BillingAddress | null> {
      return (await repo.findById(customerId))?.billingAddress ?? null;
    },

    /**
     * Account deletion (ADR 0063): re-authenticate with the password or a DELETE_ACCOUNT code, then end every
     * session and anonymize the row in one transaction.
     */
    async deleteAccount(
      customer: CurrentCustomer,
      proof: { password?: string; code?: string; captchaKey?: string },
      client: Client,
    ) {
      const row = await repo.findById(customer.id);
      if (!row) throw new ApiError(401, "error.unauthorized");
      if (proof.password) {
        await limiter.hit("loginAccount", `customer:${row.id}`);
        const password = await transport.decrypt(proof.password);
        if (!row.passwordHash || !(await verifyPassword(password, row.passwordHash))) {
          throw new ApiError(400, "account.loginFailed", { fields: { password: "account.loginFailed" } });
        }
      } else if (proof.code) {
        const contact: Contact | null = row.email
          ? { kind: "email", email: row.email }
          : row.phone && row.internationalTelCode
            ? { kind: "phone", phone: row.phone, internationalTelCode: row.internationalTelCode }
            : null;
        if (!contact) throw new ApiError(400, "account.codeInvalid");
        await codes.consume(contact, "DELETE_ACCOUNT", proof.code, proof.captchaKey);
      } else {
        throw new ApiError(400, "account.reauthRequired", { fields: { password: "account.field.required" } });
      }
      await forgetAccount(row.id);
      return { success: true, message: translate(client.locale, "account.deleted") };
    },

    // The operator console (issue 16): find customers, send a password reset, delete on request.

    async consoleSearch(term: string, limit = 50) {
      return (await repo.consoleSearch(term, limit)).map(consoleCustomerView);
    },

    /**
     * A customer's record for the console, deleted accounts included: after a deletion the operator sees the
     * anonymised record marked deleted, not a missing page. `active` leaves deleted accounts out (changes).
     */
    async consoleCustomer(id: string, options: { active?: boolean } = {}) {
      const row = options.active ? await repo.findById(id) : await repo.findRecordById(id);
      return row ? consoleCustomerView(row) : null;
    },

    /**
     * Sends the customer the store's own password-reset code (as "forgot password" does), to the account's
     * e-mail or phone, in their language. The audit entry is written once the code is on its way.
     */
    async sendResetByOperator(id: string, alongside: (tx: Database) => Promise<unknown>) {
      const row = await repo.findById(id);
      if (!row) throw new ApiError(404, "error.notFound");
      const contact: Contact | null = row.email
        ? { kind: "email", email: row.email }
        : row.phone && row.internationalTelCode
          ? { kind: "phone", phone: row.phone, internationalTelCode: row.internationalTelCode }
          : null;
      if (!contact) throw new ApiError(409, "error.badRequest");
      const locale = isLocale(row.defaultLanguage) ? row.defaultLanguage : "en_US";
      await codes.send(contact, "RESET_PASSWORD", locale);
      await repo.db.transaction(async (tx) => alongside(tx as unknown as Database));
      return { sentTo: contactAddress(contact) };
    },

    /** Deletes an account on the customer's request through the same path as self-deletion (ADR 0165). */
    async deleteByOperator(id: string, alongside: (tx: Database) => Promise<unknown>) {
      const row = await repo.findById(id);
      if (!row) throw new ApiError(404, "error.notFound");
      await forgetAccount(row.id, alongside);
      return { deleted: true };
    },

    /** spec 7 check-new-active: whether the logged-in customer registered within the last 24 hours. */
    newActive(customer: CurrentCustomer | null) {
      return { newActive: customer !== null && Date.now() - customer.createdAt.getTime() < 24 * 3600_000 };
    },

    /** A customer's contact, nickname and language (invite rewards, credit notices); null when gone. */
    async contactOf(customerId: string) {
      const row = await repo.findById(customerId);
      if (!row) return null;
      return {
        id: row.id,
        email: row.email,
        phone: row.phone,
        internationalTelCode: row.internationalTelCode,
        nickName: row.nickName,
        defaultLanguage: row.defaultLanguage,
      };
    },

    /** Hourly (app.ts): deletes sessions, codes and captchas that expired more than a day ago. */
    async purgeExpired() {
      const olderThan = new Date(Date.now() - 24 * 3600_000);
      await repo.purgeExpired(olderThan);
      await captcha.purgeExpired(olderThan);
    },

    // Used by social sign-in (social.ts).
    createCustomer,
    signedUp,
    loggedIn,
    acceptablePassword,
    transportDecrypt: (ciphertext: string) => transport.decrypt(ciphertext),
    hashPassword: (password: string) => hashPassword(password, settings.scrypt),
    verifyPassword,
  };
}

function defaultNickName(contact: Contact): string {
  return contact.kind === "email"
    ? contact.email.split("@")[0]!.slice(0, 32)
    : `user${contact.phone.slice(-4)}`;
}

export type AccountService = ReturnType<typeof createAccountService>;
