import { describe, expect, it } from "vitest";
import { readEnv } from "../../env.ts";
import { createIdentityProviders } from "./index.ts";

// ADR 0164: the client IDs the browser's provider SDKs sign in with.
describe("social sign-in client IDs", () => {
  it("live: none is configured while the sandbox defaults are left in place", () => {
    const env = readEnv({ NODE_ENV: "test", IDENTITY_MODE: "live" });
    expect(createIdentityProviders(env).clients).toEqual({ google: null, apple: null, facebook: null });
  });

  it("live: the first ID of each list is the web client; Facebook needs its app secret too", () => {
    const env = readEnv({
      NODE_ENV: "test",
      IDENTITY_MODE: "live",
      GOOGLE_CLIENT_IDS: "web.apps.googleusercontent.com, ios.apps.googleusercontent.com",
      APPLE_CLIENT_IDS: "com.example.web,com.example.ios",
      FACEBOOK_APP_ID: "1234567890",
    });
    expect(createIdentityProviders(env).clients).toEqual({
      google: "web.apps.googleusercontent.com",
      apple: "com.example.web",
      facebook: null,
    });
    expect(createIdentityProviders({ ...env, FACEBOOK_APP_SECRET: "secret" }).clients.facebook).toBe(
      "1234567890",
    );
  });

  it("sandbox: the sandbox issuer's audiences, so a token it mints is accepted", () => {
    const env = readEnv({ NODE_ENV: "test" });
    expect(createIdentityProviders(env).clients).toEqual({
      google: "sandbox-google-client",
      apple: "sandbox-apple-client",
      facebook: "sandbox-facebook-app",
    });
  });
});
