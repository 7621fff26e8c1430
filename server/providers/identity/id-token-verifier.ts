import { createHash } from "node:crypto";
import { errors, type JWTVerifyGetKey, jwtVerify } from "jose";
import {
  type IdentityProvider,
  type IdentityProviderName,
  InvalidIdentityToken,
  type VerifiedIdentity,
} from "./types.ts";

export interface IdTokenVerifierOptions {
  provider: IdentityProviderName;
  issuer: string | string[];
  audiences: string[];
  keys: JWTVerifyGetKey;
}

/**
 * OpenID Connect ID tokens (Google, Apple, and the sandbox): signature against the provider's JWKS, then
 * issuer, audience (our client IDs), expiry (60 s leeway) and nonce (ADR 0066).
 */
export function createIdTokenVerifier(options: IdTokenVerifierOptions): IdentityProvider {
  return {
    async verify(idToken, { nonce }): Promise<VerifiedIdentity> {
      let payload: Awaited<ReturnType<typeof jwtVerify>>["payload"];
      try {
        ({ payload } = await jwtVerify(idToken, options.keys, {
          issuer: options.issuer,
          audience: options.audiences,
          algorithms: ["RS256", "ES256"],
          clockTolerance: 60,
          requiredClaims: ["sub", "exp", "iat"],
        }));
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) {
          throw new InvalidIdentityToken((error as Error).message);
        }
        throw error;
      }
      // The nonce ties the token to the login the browser started. Apple's native SDKs put the SHA-256 of the
      // nonce in the token, the web flows put it as is; both are accepted.
      const claimed = typeof payload.nonce === "string" ? payload.nonce : undefined;
      if (claimed !== undefined || nonce !== undefined) {
        const hashed = nonce ? createHash("sha256").update(nonce).digest("hex") : undefined;
        if (!nonce || (claimed !== nonce && claimed !== hashed)) {
          throw new InvalidIdentityToken("nonce mismatch");
        }
      }
      const verified = payload.email_verified === true || payload.email_verified === "true";
      const email = typeof payload.email === "string" && verified ? payload.email.toLowerCase() : null;
      return { provider: options.provider, subject: payload.sub!, email };
    },
  };
}
