import type { Database } from "../../../db/client.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import type { MessageSender } from "../../providers/messages/outbox.ts";
import { createPasswordTransport } from "./password-transport.ts";
import { createAccountRepo } from "./repo.ts";
import { accountRoutes } from "./routes.ts";
import { type AccountServiceDeps, createAccountService } from "./service.ts";
import { createSessionCache, watchedAccountRepo } from "./session-cache.ts";
import { createSessions } from "./sessions.ts";
import { createSocialLogin } from "./social.ts";
import { createVerificationCodes } from "./verification-codes.ts";

/** What the account module needs besides its own parts; the flows it starts are server/flows/account-*. */
export type AccountModuleDeps = Omit<
  AccountServiceDeps,
  "repo" | "sessions" | "codes" | "transport" | "termsVersionInForce"
> & {
  db: Database;
  /** Session look-ups are kept a few seconds; a write that changes one drops it on every instance (ADR 0283). */
  cache: SharedCache;
  /** The verification codes' e-mails and text messages. */
  outbox: MessageSender;
  tokenTtl: { accessS: number; refreshS: number };
  /** The verification codes' HMAC key (ADR 0189). */
  codeSecret: string;
  /** The password transport's RSA key (PASSWORD_RSA_PRIVATE_KEY); without it, one kept in the database. */
  passwordPrivateKey?: string;
  /** The pages module: the terms version in force, recorded on every new account (ADR 0200). */
  legal: { termsVersionInForce: NonNullable<AccountServiceDeps["termsVersionInForce"]> };
  /** The identity providers social sign-in checks tokens with (server/providers/identity). */
  identity: Pick<Parameters<typeof createSocialLogin>[0], "providers" | "clients">;
};

/** Customers' accounts: sign-up and sign-in, sessions, verification codes and social sign-in. */
export function createAccountModule(deps: AccountModuleDeps) {
  const { db, cache, outbox, tokenTtl, codeSecret, passwordPrivateKey, legal, identity, ...rest } = deps;
  const sessionCache = createSessionCache(cache);
  const repo = watchedAccountRepo(createAccountRepo(db), sessionCache);
  const sessions = createSessions(repo, tokenTtl, sessionCache);
  const codes = createVerificationCodes(repo, outbox, deps.limiter, codeSecret);
  const account = createAccountService({
    ...rest,
    repo,
    sessions,
    codes,
    transport: createPasswordTransport(db, passwordPrivateKey),
    termsVersionInForce: (locale, executor) => legal.termsVersionInForce(locale, executor),
  });
  const social = createSocialLogin({
    repo,
    accounts: account,
    codes,
    providers: identity.providers,
    clients: identity.clients,
    limiter: deps.limiter,
  });
  return { account, social, codes };
}

/** Its sandbox routes (verification codes) register from accountRoutes when `sandbox` tools are given. */
export const accountModule = defineModule<Parameters<typeof accountRoutes>[1]>({
  name: "account",
  jobKinds: [],
  routes: (app, services) => accountRoutes(app, services),
});
