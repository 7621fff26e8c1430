import { translate } from "../../../core/i18n/index.ts";
import type { Database } from "../../../db/client.ts";
import { ApiError } from "../../http/errors.ts";
import type { RateLimiter } from "../../infra/rate-limit.ts";
import type { SocialClients } from "../../providers/identity/index.ts";
import {
  type IdentityProvider,
  type IdentityProviderName,
  InvalidIdentityToken,
  type VerifiedIdentity,
} from "../../providers/identity/types.ts";
import { contactTarget } from "./contact.ts";
import type { Contact } from "./inputs.ts";
import { type AccountRepo, isUniqueViolation } from "./repo.ts";
import type { AccountService, Client } from "./service.ts";
import type { VerificationCodes } from "./verification-codes.ts";

export interface SocialToken {
  provider: IdentityProviderName;
  openAccessToken: string;
  nonce?: string;
}

/** spec 7 open-token response. The three outcomes of spec 4/8 answer success false with their code. */
export interface SocialLoginResponse {
  success: boolean;
  code: string;
  message: string;
  accessToken?: string;
  refreshToken?: string;
  expiresIn?: number;
  loginTime?: number;
  extraMessage: { provider: IdentityProviderName; email: string | null } | null;
  user?: { loginName: string | null; nickName: string | null };
}

type Outcome =
  | "hoth.social.userNotFound"
  | "hoth.social.openEmailOrPhoneNotFound"
  | "hoth.social.providerNotBindUser";

/** Social sign-in (spec 4, 7, 8; ADR 0066). */
export function createSocialLogin(deps: {
  repo: AccountRepo;
  accounts: AccountService;
  codes: VerificationCodes;
  providers: Record<IdentityProviderName, IdentityProvider>;
  /** The client IDs the browser's provider SDKs use (ADR 0164); omitted means none is configured. */
  clients?: SocialClients;
  limiter: RateLimiter;
}) {
  const { repo, accounts, codes, providers, limiter } = deps;

  async function verify(token: SocialToken, client: Client): Promise<VerifiedIdentity> {
    await limiter.hit("socialLoginIp", client.ip);
    try {
      return await providers[token.provider].verify(token.openAccessToken, { nonce: token.nonce });
    } catch (error) {
      if (error instanceof InvalidIdentityToken) throw new ApiError(400, "social.invalidToken");
      throw error;
    }
  }

  function outcome(code: Outcome, identity: VerifiedIdentity, client: Client): SocialLoginResponse {
    return {
      success: false,
      code,
      message: translate(client.locale, code),
      extraMessage: { provider: identity.provider, email: identity.email },
    };
  }

  async function success(
    tokens: Awaited<ReturnType<AccountService["loggedIn"]>>,
  ): Promise<SocialLoginResponse> {
    return { success: true, code: "success", extraMessage: null, ...tokens };
  }

  /** Links the identity to the customer and logs in, in one transaction. */
  async function linkAndLogIn(customerId: string, identity: VerifiedIdentity, client: Client) {
    // Read before the transaction: PGlite has one connection, so a query outside an open transaction waits forever.
    const customer = await repo.findById(customerId);
    if (!customer) throw new ApiError(401, "error.unauthorized");
    try {
      return await repo.db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
        await repo.insertIdentity(
          { customerId, provider: identity.provider, subject: identity.subject, email: identity.email },
          executor,
        );
        return success(await accounts.loggedIn(customer, client, executor));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, "social.alreadyBound");
      throw error;
    }
  }

  /** Classifies a verified identity that is not linked yet (spec 4). */
  async function unlinkedOutcome(identity: VerifiedIdentity, client: Client): Promise<SocialLoginResponse> {
    if (!identity.email) return outcome("hoth.social.openEmailOrPhoneNotFound", identity, client);
    const existing = await repo.findByContact({ kind: "email", email: identity.email });
    if (existing) return outcome("hoth.social.providerNotBindUser", identity, client);
    return outcome("hoth.social.userNotFound", identity, client);
  }

  return {
    /** Which providers the browser can offer, with the client ID each SDK signs in with (ADR 0164). */
    clients(): SocialClients {
      return deps.clients ?? { google: null, apple: null, facebook: null };
    },

    async openToken(token: SocialToken, client: Client): Promise<SocialLoginResponse> {
      const identity = await verify(token, client);
      const linked = await repo.findIdentity(identity.provider, identity.subject);
      if (linked) return success(await accounts.loggedIn(linked.customer, client));
      return unlinkedOutcome(identity, client);
    },

    /** After hoth.social.userNotFound: make an account for the provider's verified e-mail, link it, log in. */
    async registerBindLogin(token: SocialToken, client: Client): Promise<SocialLoginResponse> {
      const identity = await verify(token, client);
      const linked = await repo.findIdentity(identity.provider, identity.subject);
      if (linked) return success(await accounts.loggedIn(linked.customer, client));
      const blocked = await unlinkedOutcome(identity, client);
      if (blocked.code !== "hoth.social.userNotFound") return blocked;
      let created: Parameters<typeof accounts.signedUp>[0] | undefined;
      try {
        const result = await repo.db.transaction(async (tx) => {
          const executor = tx as unknown as Database;
          const customer = await accounts.createCustomer(
            { kind: "email", email: identity.email! },
            { passwordHash: null, defaultLanguage: client.locale },
            executor,
          );
          await repo.insertIdentity(
            {
              customerId: customer.id,
              provider: identity.provider,
              subject: identity.subject,
              email: identity.email,
            },
            executor,
          );
          created = customer;
          return success(await accounts.loggedIn(customer, client, executor));
        });
        if (created) await accounts.signedUp(created, client);
        return result;
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, "social.alreadyBound");
        throw error;
      }
    },

    /**
     * The bind page (spec 2 /bind): link the identity to an existing account (its password, or a LOGIN code)
     * or to a new one (a REGISTER code and a new password), after agreeing to the terms.
     */
    async bind(
      token: SocialToken,
      input: { contact: Contact; password?: string; code?: string; captchaKey?: string },
      client: Client,
    ): Promise<SocialLoginResponse> {
      const identity = await verify(token, client);
      if (await repo.findIdentity(identity.provider, identity.subject)) {
        throw new ApiError(409, "social.alreadyBound");
      }
      const existing = await repo.findByContact(input.contact);
      if (existing) {
        if (input.password) {
          await limiter.hit("loginAccount", contactTarget(input.contact));
          const password = await accounts.transportDecrypt(input.password);
          if (!existing.passwordHash || !(await accounts.verifyPassword(password, existing.passwordHash))) {
            throw new ApiError(400, "account.loginFailed");
          }
        } else if (input.code) {
          await codes.consume(input.contact, "LOGIN", input.code, input.captchaKey);
        } else {
          throw new ApiError(400, "account.reauthRequired", {
            fields: { password: "account.field.required" },
          });
        }
        return linkAndLogIn(existing.id, identity, client);
      }
      if (!input.password) {
        throw new ApiError(400, "error.badRequest", { fields: { password: "account.field.required" } });
      }
      if (!input.code)
        throw new ApiError(400, "error.badRequest", { fields: { captcha: "account.field.required" } });
      const password = await accounts.acceptablePassword(input.password);
      await codes.consume(input.contact, "REGISTER", input.code, input.captchaKey);
      const customer = await accounts.createCustomer(input.contact, {
        passwordHash: await accounts.hashPassword(password),
        defaultLanguage: client.locale,
      });
      await accounts.signedUp(customer, client);
      return linkAndLogIn(customer.id, identity, client);
    },
  };
}

export type SocialLogin = ReturnType<typeof createSocialLogin>;
