import type { AddressInfo } from "node:net";
import { createRemoteJWKSet } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { createIdTokenVerifier } from "./id-token-verifier.ts";
import { InvalidIdentityToken } from "./types.ts";

const app = setupTestApp();
let jwksUrl: URL;

// The live adapters fetch the provider's JWKS over HTTP; here they fetch the sandbox issuer's, served by the app.
beforeAll(async () => {
  await app.server.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.server.address() as AddressInfo;
  jwksUrl = new URL(`http://127.0.0.1:${port}/__dev/identity/google/jwks.json`);
});

async function mint(claims: Record<string, unknown>) {
  const res = await app.server.inject({
    method: "POST",
    url: "/__dev/identity/google/token",
    payload: claims,
  });
  return res.json().idToken as string;
}

describe("ID token verification against a remote JWKS", () => {
  const verifier = () =>
    createIdTokenVerifier({
      provider: "google",
      issuer: "http://localhost:3000/__dev/identity/google",
      audiences: ["sandbox-google-client"],
      keys: createRemoteJWKSet(jwksUrl),
    });

  it("accepts a token signed by the published key, with a verified e-mail and the right nonce", async () => {
    const token = await mint({ sub: "remote-1", email: "Remote@Example.com", nonce: "abc" });
    await expect(verifier().verify(token, { nonce: "abc" })).resolves.toEqual({
      provider: "google",
      subject: "remote-1",
      email: "remote@example.com",
    });
  });

  it("refuses another issuer's keys and an unverified e-mail is not returned", async () => {
    const apple = await app.server.inject({
      method: "POST",
      url: "/__dev/identity/apple/token",
      payload: { sub: "x", aud: "sandbox-google-client" },
    });
    await expect(verifier().verify(apple.json().idToken, {})).rejects.toBeInstanceOf(InvalidIdentityToken);
    const unverified = await mint({ sub: "remote-2", email: "u@example.com", emailVerified: false });
    expect((await verifier().verify(unverified, {})).email).toBeNull();
  });
});
