import type { Env } from "../../env.ts";
import { createLiveIdentityProviders } from "./live.ts";
import { createSandboxIdentity, type SandboxIdentity } from "./sandbox.ts";
import { IDENTITY_PROVIDERS, type IdentityProvider, type IdentityProviderName } from "./types.ts";

/** The client ID (Facebook: app ID) the browser's provider SDK signs in with; null when not configured. */
export type SocialClients = Record<IdentityProviderName, string | null>;

const list = (value: string) =>
  value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * Picks the identity adapters: the sandbox outside production, the live ones in production, unless
 * IDENTITY_MODE says otherwise (architecture: a sandbox runs in production only when switched on explicitly).
 */
export function createIdentityProviders(env: Env): {
  providers: Record<IdentityProviderName, IdentityProvider>;
  sandbox: Promise<SandboxIdentity> | null;
  clients: SocialClients;
} {
  const mode = env.IDENTITY_MODE ?? (env.NODE_ENV === "production" ? "live" : "sandbox");
  const audiences = {
    google: list(env.GOOGLE_CLIENT_IDS),
    apple: list(env.APPLE_CLIENT_IDS),
    facebook: [env.FACEBOOK_APP_ID],
  };
  if (mode === "live") {
    // The browser's client IDs (ADR 0164): the first of each list is the web client. The sandbox defaults
    // and a Facebook app without its secret count as not configured, so the shopper gets spec 8's message.
    const configured = (id: string | undefined) => (id && !id.startsWith("sandbox-") ? id : null);
    return {
      clients: {
        google: configured(audiences.google[0]),
        apple: configured(audiences.apple[0]),
        facebook: env.FACEBOOK_APP_SECRET ? configured(env.FACEBOOK_APP_ID) : null,
      },
      providers: createLiveIdentityProviders({
        googleClientIds: audiences.google,
        appleClientIds: audiences.apple,
        facebookAppId: env.FACEBOOK_APP_ID,
        facebookAppSecret: env.FACEBOOK_APP_SECRET,
      }),
      sandbox: null,
    };
  }
  const sandbox = createSandboxIdentity(env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`, audiences);
  // The sandbox's keys are made asynchronously; each verification waits for them once.
  const providers = Object.fromEntries(
    IDENTITY_PROVIDERS.map((provider) => [
      provider,
      { verify: async (token, options) => (await sandbox).providers[provider].verify(token, options) },
    ]),
  ) as Record<IdentityProviderName, IdentityProvider>;
  const clients = {
    google: audiences.google[0] ?? null,
    apple: audiences.apple[0] ?? null,
    facebook: audiences.facebook[0] ?? null,
  };
  return { providers, sandbox, clients };
}
