import { createHmac, timingSafeEqual } from "node:crypto";
import {
  CONSOLE_LANGUAGES,
  type ConsoleLanguage,
  consoleCatalogues,
  consoleTranslate,
} from "../../../core/i18n/console/index.ts";
import type { Database } from "../../../db/client.ts";
import { ApiError } from "../../http/errors.ts";
import type { RateLimiter } from "../../infra/rate-limit.ts";
import type { MessageSender } from "../../providers/messages/outbox.ts";
import { COMMON_PASSWORDS } from "../account/common-passwords.ts";
import { createLoginSlowing } from "../account/login-slowing.ts";
import { hashPassword, type ScryptParams, verifyPassword } from "../account/password-hash.ts";
import { newToken, tokenHash } from "../account/session-tokens.ts";
import type { CaptchaProof, CaptchaService } from "../captcha/service.ts";
import { type AuditQuery, listAudit, recordAudit } from "./audit.ts";
import { createCustomerNotes, createOrderNotes } from "./notes.ts";
import { type Access, can, isRole, permissionsOf, type Role } from "./permissions.ts";
import { createOperatorRepo, type OperatorRow } from "./repo.ts";
import { createSavedViews } from "./saved-views.ts";
import { newTotpSecret, totpStep, totpUri } from "./totp.ts";

export { CONSOLE_LANGUAGES };

/** What a handler knows about the signed-in operator (request.operator). */
export interface CurrentOperator {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  language: ConsoleLanguage;
}

export interface AdminSettings {
  scrypt: ScryptParams;
  /** Idle timeout of an operator session (shorter than a shopper's, ADR 0221). */
  idleTimeoutS: number;
  /** A session ends this long after sign-in, however active. */
  maxSessionS: number;
  /** HMAC key of the password step's challenge. */
  challengeSecret: string;
  /** How long an invitation link stays valid. */
  invitationTtlS: number;
  /** The site's origin, for the enrolment link in the invitation e-mail. */
  publicOrigin: string;
  /** The longest pause before a password is checked on an operator account under attack (ADR 0312). */
  loginSlowingMaxMs: number;
  /**
   * The most the support role may move at once per currency, in minor units (ADMIN_SUPPORT_REFUND_LIMIT): a
   * refund (ADR 0225) or a store-credit adjustment (ADR 0313). A currency not listed: nothing.
   */
  supportLimits: Map<string, number>;
}

const CHALLENGE_TTL_MS = 5 * 60_000;
/** A session's last-seen time is written at most this often. */
const TOUCH_EVERY_MS = 60_000;
const COMMON = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

export function operatorPasswordProblem(password: string): boolean {
  return password.length < 12 || password.length > 128 || COMMON.has(password.toLowerCase());
}

function toCurrent(row: OperatorRow): CurrentOperator {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: isRole(row.role) ? row.role : ("support" as Role),
    language: row.language === "zh_CN" ? "zh_CN" : "en_US",
  };
}

/** The operator as the console shows it: never the hash, secret or last step. */
export function operatorView(row: OperatorRow) {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    status: row.status,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The operator realm (issue 16, ADRs 0221-0223): invitation, enrolment with a password and TOTP, two-step
 * sign-in, sessions with an idle timeout, operators and the audit log.
 */
export function createAdminService(deps: {
  db: Database;
  limiter: RateLimiter;
  /** The image captchas a sign-in under attack asks for (ADR 0312). */
  captcha: CaptchaService;
  settings: AdminSettings;
  /** The outbox: invitations are e-mailed like every other message (ADR 0238). */
  outbox: MessageSender;
}) {
  const { db, limiter, settings } = deps;
  const slowing = createLoginSlowing({ limiter, captcha: deps.captcha, maxMs: settings.loginSlowingMaxMs });
  const repo = createOperatorRepo(db);
  // A fixed hash to check against when the e-mail is unknown, so timing does not tell which operators exist.
  let decoy: Promise<string> | undefined;

  function sign(payload: string): string {
    return createHmac("sha256", settings.challengeSecret).update(payload).digest("base64url");
  }

  /** The password step's result: which operator passed it, until when; signed, kept in an HttpOnly cookie. */
  function challengeFor(operatorId: string, now: number): string {
    const payload = `${operatorId}.${now + CHALLENGE_TTL_MS}`;
    return `${payload}.${sign(payload)}`;
  }

  function readChallenge(challenge: string | undefined, now: number): string {
    const expired = new ApiError(401, "adminApi.challengeExpired");
    if (!challenge) throw expired;
    const parts = challenge.split(".");
    if (parts.length !== 3) throw expired;
    const [operatorId, expires, signature] = parts as [string, string, string];
    const expected = Buffer.from(sign(`${operatorId}.${expires}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw expired;
    if (!(Number(expires) > now)) throw expired;
    return operatorId;
  }

  async function newSession(operatorId: string, tx?: unknown) {
    const token = newToken();
    const now = new Date();
    await repo.insertSession(
      {
        tokenHash: tokenHash(token),
        operatorId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + settings.maxSessionS * 1000),
      },
      tx,
    );
    return { token, maxAgeS: settings.maxSessionS };
  }

  async function acceptCode(operator: OperatorRow, code: string, tx?: unknown) {
    if (!operator.totpSecret) throw new ApiError(401, "adminApi.codeInvalid");
    const step = totpStep(operator.totpSecret, code);
    if (step === null || !(await repo.acceptTotpStep(operator.id, step, tx)))
      throw new ApiError(401, "adminApi.codeInvalid");
  }

  /**
   * A new one-time enrolment link (the earlier ones stop working), e-mailed to the invitee through the outbox in
   * the same transaction, in the inviter's console language (ADR 0238).
   */
  async function issueInvitation(
    operator: OperatorRow,
    inviter: CurrentOperator,
    tx: Database,
  ): Promise<{ token: string; expiresAt: string; emailedTo: string }> {
    const token = newToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + settings.invitationTtlS * 1000);
    await repo.voidInvitationsOf(operator.id, now, tx);
    await repo.insertInvitation(
      {
        tokenHash: tokenHash(token),
        operatorId: operator.id,
        invitedBy: inviter.id,
        createdAt: now,
        expiresAt,
      },
      tx,
    );
    const language = inviter.language;
    const messages = consoleCatalogues[language];
    const params = {
      name: operator.displayName,
      inviter: inviter.displayName,
      role: consoleTranslate(messages, `console.role.${operator.role as Role}`, undefined, language),
      link: `${settings.publicOrigin}/admin/enrol?token=${encodeURIComponent(token)}`,
      expires: `${expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    };
    await deps.outbox.send(
      {
        channel: "EMAIL",
        to: operator.email,
        subject: consoleTranslate(messages, "console.invitationEmail.subject", params, language),
        body: consoleTranslate(messages, "console.invitationEmail.body", params, language),
      },
      tx,
    );
    return { token, expiresAt: expiresAt.toISOString(), emailedTo: operator.email };
  }

  return {
    can,
    permissionsOf,

    /**
     * The most an operator of `role` may refund or give as store credit at once, in minor units of `currency`,
     * or null when the role has no limit (finance, owner). ADRs 0225, 0313.
     */
    moneyLimit(role: string, currency: string): number | null {
      return role === "support" ? (settings.supportLimits.get(currency) ?? 0) : null;
    },

    /**
     * Step one: e-mail and password. Returns the challenge for the TOTP step; never says which part was wrong.
     * ADR 0312: wrong passwords never lock an operator out. Failed attempts are limited per client address;
     * per e-mail (known or not, alike) they only slow sign-in down and, past five, ask for an image captcha
     * (the shoppers' gate, ADR 0187), so the right password, the captcha and the TOTP code always get in.
     */
    async passwordStep(email: string, password: string, ip: string, proof: CaptchaProof = {}) {
      const normalized = email.trim().toLowerCase();
      await limiter.hit("operatorLoginIp", ip);
      await slowing.beforePassword("operatorLoginFailures", normalized, proof, [normalized]);
      const operator = await repo.byEmail(normalized);
      if (!operator?.passwordHash || operator.status !== "ACTIVE") {
        decoy ??= hashPassword("decoy-password-never-used", settings.scrypt);
        await verifyPassword(password, await decoy);
        throw new ApiError(401, "adminApi.signInFailed");
      }
      if (!(await verifyPassword(password, operator.passwordHash)))
        throw new ApiError(401, "adminApi.signInFailed");
      await slowing.succeeded("operatorLoginFailures", normalized);
      return { challenge: challengeFor(operator.id, Date.now()) };
    },

    /** An image captcha for the sign-in page, when the password step asks for one (ADR 0312). */
    async signInCaptcha(ip: string) {
      await limiter.hit("captchaGenerateIp", ip);
      return deps.captcha.generate();
    },

    /** Step two: the TOTP code. A session starts; the code's step is spent. */
    async totpStep(challenge: string | undefined, code: string) {
      const operatorId = readChallenge(challenge, Date.now());
      await limiter.hit("operatorTotp", operatorId);
      const operator = await repo.byId(operatorId);
      if (operator?.status !== "ACTIVE") throw new ApiError(401, "adminApi.challengeExpired");
      await acceptCode(operator, code);
      await limiter.reset("operatorTotp", operatorId);
      const session = await newSession(operator.id);
      return { ...session, operator: toCurrent(operator) };
    },

    /** The operator a session cookie belongs to, or null (unknown, expired, idle too long, or disabled). */
    async resolveSession(token: string): Promise<CurrentOperator | null> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      const hash = tokenHash(token);
      const found = await repo.sessionWithOperator(hash);
      if (!found) return null;
      const now = Date.now();
      const { session, operator } = found;
      const idle = now - session.lastSeenAt.getTime() > settings.idleTimeoutS * 1000;
      if (session.expiresAt.getTime() <= now || idle || operator.status !== "ACTIVE") {
        await repo.deleteSession(hash);
        return null;
      }
      if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repo.touchSession(hash, new Date(now));
      return toCurrent(operator);
    },

    async signOut(token: string) {
      await repo.deleteSession(tokenHash(token));
    },

    async purgeExpiredSessions() {
      const now = new Date();
      await repo.deleteExpiredSessions(now, new Date(now.getTime() - settings.idleTimeoutS * 1000));
    },

    async setLanguage(actor: CurrentOperator, language: ConsoleLanguage) {
      await repo.transaction(async (tx) => {
        await repo.update(actor.id, { language }, tx);
        await recordAudit(tx, {
          operatorId: actor.id,
          action: "operator.language",
          entity: "operator",
          entityId: actor.id,
          before: { language: actor.language },
          after: { language },
        });
      });
      return { language };
    },

    async listOperators() {
      return (await repo.list()).map(operatorView);
    },

    /** An owner invites an operator: the account waits for its enrolment through the returned one-time token. */
    async invite(actor: CurrentOperator, input: { email: string; displayName: string; role: Role }) {
      const email = input.email.trim().toLowerCase();
      return repo.transaction(async (tx) => {
        if (await repo.byEmail(email, tx)) throw new ApiError(409, "adminApi.emailTaken");
        const operator = await repo.insert(
          { email, displayName: input.displayName, role: input.role, status: "INVITED" },
          tx,
        );
        const invitation = await issueInvitation(operator, actor, tx);
        await recordAudit(tx, {
          operatorId: actor.id,
          action: "operator.invite",
          entity: "operator",
          entityId: operator.id,
          after: { email, displayName: input.displayName, role: input.role },
        });
        return { operator: operatorView(operator), invitation };
      });
    },

    /** A new enrolment link for an operator who has not enrolled yet; the old link stops working. */
    async reinvite(actor: CurrentOperator, operatorId: string) {
      return repo.transaction(async (tx) => {
        const operator = await repo.lockById(operatorId, tx);
        if (!operator) throw new ApiError(404, "error.notFound");
        if (operator.status !== "INVITED") throw new ApiError(409, "adminApi.notInvited");
        const invitation = await issueInvitation(operator, actor, tx);
        await recordAudit(tx, {
          operatorId: actor.id,
          action: "operator.reinvite",
          entity: "operator",
          entityId: operator.id,
        });
        return { operator: operatorView(operator), invitation };
      });
    },

    /** Changes an operator's role or disables/re-enables them; the store always keeps one active owner. */
    async updateOperator(
      actor: CurrentOperator,
      operatorId: string,
      input: { role?: Role; status?: "ACTIVE" | "DISABLED"; displayName?: string },
    ) {
      return repo.transaction(async (tx) => {
        const operator = await repo.lockById(operatorId, tx);
        if (!operator) throw new ApiError(404, "error.notFound");
        const next = {
          role: input.role ?? operator.role,
          status: input.status ?? operator.status,
          displayName: input.displayName ?? operator.displayName,
        };
        if (input.status === "ACTIVE" && operator.status === "INVITED")
          throw new ApiError(409, "adminApi.notInvited");
        const losesOwner =
          operator.role === "owner" &&
          operator.status === "ACTIVE" &&
          (next.role !== "owner" || next.status !== "ACTIVE");
        if (losesOwner && (await repo.countActiveOwners(tx)) <= 1)
          throw new ApiError(409, "adminApi.lastOwner");
        const updated = await repo.update(operator.id, next, tx);
        // A changed role or a disabled account takes effect now: its sessions end.
        if (next.role !== operator.role || next.status !== operator.status)
          await repo.deleteSessionsOf(operator.id, tx);
        await recordAudit(tx, {
          operatorId: actor.id,
          action: "operator.update",
          entity: "operator",
          entityId: operator.id,
          before: { role: operator.role, status: operator.status, displayName: operator.displayName },
          after: next,
        });
        return operatorView(updated!);
      });
    },

    /**
     * Opens an invitation: who it is for and the TOTP secret to enrol (made on first open and kept, so reloading
     * the page shows the same secret the authenticator app may already hold).
     */
    async openEnrolment(token: string) {
      const hash = tokenHash(token);
      const found = await repo.openInvitation(hash, new Date());
      if (found?.operator.status !== "INVITED") throw new ApiError(404, "adminApi.invitationInvalid");
      let secret = found.operator.totpSecret;
      if (!secret) {
        secret = newTotpSecret();
        await repo.update(found.operator.id, { totpSecret: secret });
      }
      return {
        email: found.operator.email,
        displayName: found.operator.displayName,
        role: found.operator.role,
        secret,
        otpauthUri: totpUri(secret, found.operator.email),
      };
    },

    /** Completes an invitation: password set, TOTP proven with a first code, account active, signed in. */
    async completeEnrolment(token: string, password: string, code: string) {
      if (operatorPasswordProblem(password)) throw new ApiError(400, "adminApi.passwordRule");
      const hash = tokenHash(token);
      const passwordHash = await hashPassword(password, settings.scrypt);
      return repo.transaction(async (tx) => {
        const found = await repo.openInvitation(hash, new Date(), tx);
        if (found?.operator.status !== "INVITED" || !found.operator.totpSecret)
          throw new ApiError(404, "adminApi.invitationInvalid");
        await acceptCode(found.operator, code, tx);
        if (!(await repo.spendInvitation(hash, new Date(), tx)))
          throw new ApiError(404, "adminApi.invitationInvalid");
        const operator = await repo.update(found.operator.id, { passwordHash, status: "ACTIVE" }, tx);
        await recordAudit(tx, {
          operatorId: found.operator.id,
          action: "operator.enrol",
          entity: "operator",
          entityId: found.operator.id,
          before: { status: "INVITED" },
          after: { status: "ACTIVE" },
        });
        const session = await newSession(found.operator.id, tx);
        return { ...session, operator: toCurrent(operator!) };
      });
    },

    /**
     * `npm run admin:create`: the first owner, active at once, with its TOTP secret to put in an authenticator.
     * Refused when an active owner exists (more owners are invited from the console).
     */
    async createFirstOwner(input: { email: string; displayName: string; password: string }) {
      if (operatorPasswordProblem(input.password))
        throw new Error("password: 12 to 128 characters, not common");
      const email = input.email.trim().toLowerCase();
      const secret = newTotpSecret();
      const passwordHash = await hashPassword(input.password, settings.scrypt);
      return repo.transaction(async (tx) => {
        if ((await repo.countActiveOwners(tx)) > 0) throw new Error("an active owner already exists");
        if (await repo.byEmail(email, tx)) throw new Error(`an operator with ${email} already exists`);
        const operator = await repo.insert(
          {
            email,
            displayName: input.displayName,
            role: "owner",
            status: "ACTIVE",
            passwordHash,
            totpSecret: secret,
          },
          tx,
        );
        await recordAudit(tx, {
          operatorId: operator.id,
          action: "operator.create_owner",
          entity: "operator",
          entityId: operator.id,
          after: { email, role: "owner" },
        });
        return { operator: operatorView(operator), secret, otpauthUri: totpUri(secret, email) };
      });
    },

    /**
     * Sandbox tools only (/__dev/admin/operators): an active operator of any role with a password and a fresh
     * TOTP secret, so browser tests sign in as an authenticator app would.
     */
    async createActiveOperator(input: { email: string; displayName: string; role: Role; password: string }) {
      const email = input.email.trim().toLowerCase();
      const secret = newTotpSecret();
      const passwordHash = await hashPassword(input.password, settings.scrypt);
      const operator = await repo.insert({
        email,
        displayName: input.displayName,
        role: input.role,
        status: "ACTIVE",
        passwordHash,
        totpSecret: secret,
      });
      return { operator: operatorView(operator), secret };
    },

    /** Tests and fixtures: a session for an operator without the sign-in steps. */
    sessionFor: (operatorId: string) => newSession(operatorId),

    audit: (query: AuditQuery) => listAudit(db, query),

    /** Operators' internal notes on orders. */
    notes: createOrderNotes(db),
    /** Operators' notes on customers (issue 29, ADR 0361). */
    customerNotes: createCustomerNotes(db),
    /** Operators' saved views of console lists (issue 29, ADR 0362). */
    savedViews: createSavedViews(db),

    /** A transaction for a console change and its audit entry (ADR 0223). */
    inTransaction: <T>(fn: (tx: Database) => Promise<T>): Promise<T> =>
      db.transaction((tx) => fn(tx as unknown as Database)),

    /** Reads outside a transaction (the same database the services use). */
    db,

    /** Can the operator do this? (The route helper checks it on every call.) */
    allows: (operator: CurrentOperator | null, access: Access) =>
      access === "public" || (operator !== null && can(operator.role, access)),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
