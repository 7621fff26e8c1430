import type { Env } from "../../env.ts";
import { createLiveIdentityProviders } from "./live.ts";
import { createSandboxIdentity, type SandboxIdentity } from "./sandbox.ts";
import { IDENTITY_PROVIDERS, type IdentityProvider, type IdentityProviderName } from "./types.ts";

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
} {
  const mode = env.IDENTITY_MODE ?? (env.NODE_ENV === "production" ? "live" : "sandbox");
  const audiences = {
    google: list(env.GOOGLE_CLIENT_IDS),
    apple: list(env.APPLE_CLIENT_IDS),
    facebook: [env.FACEBOOK_APP_ID],
  };
  if (mode === "live") {
    return {
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
  return { providers, sandbox };
}
