import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import type { Database } from "../../../db/client.ts";
import type { BillingAddress } from "../../../db/schema/index.ts";
import { ApiError } from "../../http/errors.ts";
import { PERSONAL_TAGS } from "../../infra/personal-cache.ts";
import type { AccountRepo, CustomerRow } from "./repo.ts";
import type { CachedSession, SessionCache } from "./session-cache.ts";
import { newToken, tokenHash } from "./session-tokens.ts";

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires (spec 3 stored login info). */
  expiresIn: number;
  refreshExpiresIn: number;
  /** Epoch milliseconds (spec 3 loginTime). */
  loginTime: number;
}

/** The logged-in shopper as routes and the SSR root loader see them. */
export interface CurrentCustomer {
  id: string;
  sessionId: string;
  loginName: string | null;
  nickName: string | null;
  email: string | null;
  phone: string | null;
  internationalTelCode: string | null;
  defaultLanguage: string | null;
  preferenceCurrency: string | null;
  hasPassword: boolean;
  createdAt: Date;
  /** The stored billing address's codes and street (ADR 0215); names come from the region tree per locale. */
  billingAddress: BillingAddress | null;
}

export function toCurrentCustomer(customer: CustomerRow, sessionId: string): CurrentCustomer {
  return {
    id: customer.id,
    sessionId,
    loginName: customer.loginName,
    nickName: customer.nickName,
    email: customer.email,
    phone: customer.phone,
    internationalTelCode: customer.internationalTelCode,
    defaultLanguage: customer.defaultLanguage,
    preferenceCurrency: customer.preferenceCurrency,
    hasPassword: customer.passwordHash !== null,
    createdAt: customer.createdAt,
    billingAddress: customer.billingAddress ?? null,
  };
}

/**
 * How long a refresh token that was just rotated may be presented again and get the same new pair (ADR 0068):
 * two tabs of one browser refreshing at the same moment both stay logged in.
 */
export const REFRESH_REUSE_GRACE_S = 20;

const SEAL_INFO = "esim-storefront refresh reuse grace v1";

/** The AES-256 key for a session's successor pair: derived from its refresh token, which is never stored. */
function sealKey(refreshToken: string, sessionId: string): Buffer {
  return Buffer.from(hkdfSync("sha256", refreshToken, sessionId, SEAL_INFO, 32));
}

/** Encrypts the successor's pair so only a holder of the rotated refresh token can read it back. */
function seal(tokens: IssuedTokens, refreshToken: string, sessionId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(refreshToken, sessionId), iv);
  cipher.setAAD(Buffer.from(sessionId));
  const body = Buffer.concat([cipher.update(JSON.stringify(tokens), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

function unseal(sealed: string, refreshToken: string, sessionId: string): IssuedTokens | null {
  try {
    const raw = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", sealKey(refreshToken, sessionId), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(sessionId));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    return JSON.parse(text) as IssuedTokens;
  } catch {
    return null;
  }
}

/**
 * Sessions (ADR 0062): opaque tokens, only hashes stored. Refreshing rotates both tokens and ends the old
 * session; presenting a refresh token that was already rotated means it leaked, so the whole family (every
 * session descended from the same login) is revoked, except within a short grace window where it gets the
 * same new pair again (ADR 0068).
 */
export function createSessions(
  repo: AccountRepo,
  ttl: { accessS: number; refreshS: number },
  /** Lookups kept for a few seconds (ADR 0283); `repo` must then be `watchedAccountRepo(…, cache)`. */
  cache?: SessionCache,
) {
  async function lookup(accessTokenHash: string): Promise<CachedSession | null> {
    const row = await repo.findSessionByAccessHash(accessTokenHash);
    if (!row) return null;
    return {
      customer: toCurrentCustomer(row.customer, row.session.id),
      customerId: row.customer.id,
      familyId: row.session.familyId,
      sessionId: row.session.id,
      expiresAt: row.session.expiresAt.getTime(),
    };
  }

  async function issue(
    customerId: string,
    userAgent: string | undefined,
    lineage: { familyId: string; rotatedFrom: string | null },
    executor?: Database,
  ): Promise<IssuedTokens> {
    const accessToken = newToken();
    const refreshToken = newToken();
    const now = Date.now();
    await repo.insertSession(
      {
        customerId,
        familyId: lineage.familyId,
        rotatedFrom: lineage.rotatedFrom,
        accessTokenHash: tokenHash(accessToken),
        refreshTokenHash: tokenHash(refreshToken),
        expiresAt: new Date(now + ttl.accessS * 1000),
        refreshExpiresAt: new Date(now + ttl.refreshS * 1000),
        userAgent: userAgent?.slice(0, 512) ?? null,
      },
      executor,
    );
    return {
      accessToken,
      refreshToken,
      expiresIn: ttl.accessS,
      refreshExpiresIn: ttl.refreshS,
      loginTime: now,
    };
  }

  return {
    start(customerId: string, userAgent: string | undefined, executor?: Database) {
      return issue(customerId, userAgent, { familyId: randomUUID(), rotatedFrom: null }, executor);
    },

    async resolve(accessToken: string): Promise<CurrentCustomer | null> {
      if (!accessToken || accessToken.length > 200) return null;
      const hash = tokenHash(accessToken);
      const found = cache ? await cache.get(hash, lookup) : await lookup(hash);
      if (!found) return null;
      // A copy: the kept one is shared by every request of this session (its fields are flat but these two).
      const { customer } = found;
      return {
        ...customer,
        createdAt: new Date(customer.createdAt),
        billingAddress: customer.billingAddress && { ...customer.billingAddress },
      };
    },

    /**
     * Refresh: ends the session and issues the next pair in the same family. The rotation, the new session and
     * its sealed pair are one transaction, so a concurrent second refresh either wins nothing (the claim finds
     * the row already rotated) or sees all three.
     */
    async rotate(refreshToken: string, userAgent: string | undefined): Promise<IssuedTokens> {
      const invalid = new ApiError(401, "account.refreshInvalid");
      if (refreshToken.length > 200) throw invalid;
      const hash = tokenHash(refreshToken);
      let session = await repo.findSessionByRefreshHash(hash);
      if (!session) throw invalid;
      if (!session.rotatedAt) {
        if (!(await repo.findById(session.customerId))) throw invalid;
        const current = session;
        const issued = await repo.db.transaction(async (tx) => {
          const executor = tx as unknown as Database;
          if (!(await repo.claimRotation(current.id, executor))) return null;
          const tokens = await issue(
            current.customerId,
            userAgent,
            { familyId: current.familyId, rotatedFrom: current.id },
            executor,
          );
          const sealed = seal(tokens, refreshToken, current.id);
          await repo.storeSuccessorTokens(current.id, sealed, executor);
          return tokens;
        });
        // The rotated session ended inside the transaction: announce it again now that it committed.
        cache?.invalidate([PERSONAL_TAGS.session(current.id)]);
        if (issued) {
          // The parent's grace ended with this rotation (its successor is no longer the newest session).
          if (current.rotatedFrom) await repo.forgetSuccessorTokens(current.rotatedFrom);
          return issued;
        }
        // Another request rotated it first (a second tab): read what that rotation left.
        session = await repo.findSessionByRefreshHash(hash);
        if (!session?.rotatedAt) throw invalid;
      }
      // A rotated token again. Within the grace window, while its successor is the family's live newest
      // session, it is the same browser's other tab: answer with that successor's pair (ADR 0068).
      const successor =
        session.successorTokens && (await repo.findGraceSuccessor(session, REFRESH_REUSE_GRACE_S));
      const replay = successor ? unseal(session.successorTokens!, refreshToken, session.id) : null;
      if (
        successor &&
        replay &&
        tokenHash(replay.accessToken) === successor.accessTokenHash &&
        tokenHash(replay.refreshToken) === successor.refreshTokenHash
      ) {
        return replay;
      }
      // Otherwise someone else holds a copy of the token. End every session of this login.
      await repo.revokeFamily(session.familyId);
      throw invalid;
    },

    /**
     * Logout: ends this login's sessions, so neither its access nor its refresh token works again. The refresh
     * token alone is enough (a web logout after the access cookie expired).
     */
    async end(tokens: { accessToken?: string; refreshToken?: string }) {
      const byAccess = tokens.accessToken
        ? await repo.findSessionByAccessHash(tokenHash(tokens.accessToken))
        : null;
      const familyId =
        byAccess?.session.familyId ??
        (tokens.refreshToken && tokens.refreshToken.length <= 200
          ? (await repo.findSessionByRefreshHash(tokenHash(tokens.refreshToken)))?.familyId
          : undefined);
      if (familyId) await repo.revokeFamily(familyId);
    },

    endAll(customerId: string, executor?: Database) {
      return repo.revokeAllSessions(customerId, executor);
    },

    /** After a transaction that changed the customer's row or sessions committed: drops their kept lookups. */
    committed(customerId: string) {
      cache?.invalidate([PERSONAL_TAGS.customer(customerId)]);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
