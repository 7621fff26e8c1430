export const IDENTITY_PROVIDERS = ["google", "apple", "facebook"] as const;
export type IdentityProviderName = (typeof IDENTITY_PROVIDERS)[number];

/** Who the provider says signed in. */
export interface VerifiedIdentity {
  provider: IdentityProviderName;
  subject: string;
  /** Only set when the provider vouches for it (email_verified). */
  email: string | null;
}

/**
 * A social identity provider (architecture: outside parties). verify() checks the token the browser or app got
 * from the provider and throws InvalidIdentityToken when it is not genuine, expired, for another client or
 * for another nonce.
 */
export interface IdentityProvider {
  verify(openAccessToken: string, options: { nonce?: string }): Promise<VerifiedIdentity>;
}

export class InvalidIdentityToken extends Error {}
