import { createRemoteJWKSet } from "jose";
import { createFacebookProvider } from "./facebook.ts";
import { createIdTokenVerifier } from "./id-token-verifier.ts";
import { type IdentityProvider, type IdentityProviderName, InvalidIdentityToken } from "./types.ts";

export interface LiveIdentityConfig {
  googleClientIds: string[];
  appleClientIds: string[];
  facebookAppId: string;
  facebookAppSecret?: string;
}

/** The real adapters: Google's and Apple's published JWKS (cached and refreshed by jose), Facebook introspection. */
export function createLiveIdentityProviders(
  config: LiveIdentityConfig,
): Record<IdentityProviderName, IdentityProvider> {
  return {
    google: createIdTokenVerifier({
      provider: "google",
      issuer: ["https://accounts.google.com", "accounts.google.com"],
      audiences: config.googleClientIds,
      keys: createRemoteJWKSet(new URL("https://www.googleapis.com/oauth2/v3/certs")),
    }),
    apple: createIdTokenVerifier({
      provider: "apple",
      issuer: "https://appleid.apple.com",
      audiences: config.appleClientIds,
      keys: createRemoteJWKSet(new URL("https://appleid.apple.com/auth/keys")),
    }),
    facebook: config.facebookAppSecret
      ? createFacebookProvider(config.facebookAppId, config.facebookAppSecret)
      : {
          async verify() {
            throw new InvalidIdentityToken("Facebook login is not configured (FACEBOOK_APP_SECRET)");
          },
        },
  };
}
