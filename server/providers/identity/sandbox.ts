import { randomUUID } from "node:crypto";
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type CryptoKey as JoseKey,
  type JSONWebKeySet,
  type JWK,
  SignJWT,
} from "jose";
import { createIdTokenVerifier } from "./id-token-verifier.ts";
import { IDENTITY_PROVIDERS, type IdentityProvider, type IdentityProviderName } from "./types.ts";

export interface SandboxTokenRequest {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  nonce?: string;
  aud?: string;
  expiresInS?: number;
}

/**
 * The sandbox identity provider: a test issuer per provider with locally generated ES256 keys. It mints ID
 * tokens like Google's and Apple's (for Facebook too, standing in for its access tokens) and publishes its
 * JWKS, so the code path that checks a real provider's tokens (id-token-verifier.ts) runs unchanged.
 */
export async function createSandboxIdentity(
  issuerBase: string,
  audiences: Record<IdentityProviderName, string[]>,
) {
  const issuers = new Map<
    IdentityProviderName,
    { issuer: string; privateKey: JoseKey; jwks: JSONWebKeySet; kid: string }
  >();
  for (const provider of IDENTITY_PROVIDERS) {
    const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
    const kid = randomUUID();
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" };
    issuers.set(provider, {
      issuer: `${issuerBase}/__dev/identity/${provider}`,
      privateKey,
      jwks: { keys: [jwk] },
      kid,
    });
  }

  const providers = Object.fromEntries(
    IDENTITY_PROVIDERS.map((provider) => {
      const entry = issuers.get(provider)!;
      return [
        provider,
        createIdTokenVerifier({
          provider,
          issuer: entry.issuer,
          audiences: audiences[provider],
          keys: createLocalJWKSet(entry.jwks),
        }),
      ];
    }),
  ) as Record<IdentityProviderName, IdentityProvider>;

  return {
    providers,
    jwks(provider: IdentityProviderName): JSONWebKeySet {
      return issuers.get(provider)!.jwks;
    },
    async mint(provider: IdentityProviderName, request: SandboxTokenRequest): Promise<string> {
      const entry = issuers.get(provider)!;
      const claims: Record<string, unknown> = {};
      if (request.email) {
        claims.email = request.email;
        claims.email_verified = request.emailVerified ?? true;
      }
      if (request.nonce) claims.nonce = request.nonce;
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: "ES256", kid: entry.kid, typ: "JWT" })
        .setIssuer(entry.issuer)
        .setAudience(request.aud ?? audiences[provider][0]!)
        .setSubject(request.sub)
        .setIssuedAt(now)
        .setExpirationTime(now + (request.expiresInS ?? 600))
        .sign(entry.privateKey);
    },
  };
}

export type SandboxIdentity = Awaited<ReturnType<typeof createSandboxIdentity>>;
