import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFacebookProvider } from "./facebook.ts";
import { InvalidIdentityToken } from "./types.ts";

// A local stand-in for the two Graph API calls Facebook login needs: debug_token (introspection with the app
// token) and /me. Its answers are Facebook's documented shapes; the adapter under test is the real one.
const APP_ID = "1234567890";
const APP_SECRET = "app-secret";
const now = () => Math.floor(Date.now() / 1000);

interface TokenInfo {
  is_valid: boolean;
  app_id: string;
  user_id: string;
  expires_at: number;
  email?: string;
  meId?: string;
}

const TOKENS: Record<string, TokenInfo> = {
  good: {
    is_valid: true,
    app_id: APP_ID,
    user_id: "10001",
    expires_at: now() + 3600,
    email: "Fb.User@Example.com",
  },
  "no-email": { is_valid: true, app_id: APP_ID, user_id: "10002", expires_at: now() + 3600 },
  "other-app": { is_valid: true, app_id: "999", user_id: "10003", expires_at: now() + 3600 },
  revoked: { is_valid: false, app_id: APP_ID, user_id: "10004", expires_at: now() + 3600 },
  expired: { is_valid: true, app_id: APP_ID, user_id: "10005", expires_at: now() - 10 },
  "me-mismatch": {
    is_valid: true,
    app_id: APP_ID,
    user_id: "10006",
    expires_at: now() + 3600,
    meId: "66666",
  },
};

const requests: URL[] = [];
let server: Server;
let graph = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://graph.test");
    requests.push(url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/v19.0/debug_token") {
      if (url.searchParams.get("access_token") !== `${APP_ID}|${APP_SECRET}`) {
        return send(400, { error: { message: "Invalid OAuth access token", code: 190 } });
      }
      const info = TOKENS[url.searchParams.get("input_token") ?? ""];
      if (!info) return send(200, { data: { is_valid: false, error: { code: 190 } } });
      const { email: _email, meId: _meId, ...data } = info;
      return send(200, { data });
    }
    if (url.pathname === "/v19.0/me") {
      const info = TOKENS[url.searchParams.get("access_token") ?? ""];
      if (!info?.is_valid) return send(400, { error: { message: "Invalid OAuth access token", code: 190 } });
      // The app has "Require App Secret" on: /me needs the proof that our server made the call.
      const proof = createHmac("sha256", APP_SECRET)
        .update(url.searchParams.get("access_token") ?? "")
        .digest("hex");
      if (url.searchParams.get("appsecret_proof") !== proof) {
        return send(400, { error: { message: "Invalid appsecret_proof", code: 100 } });
      }
      return send(200, { id: info.meId ?? info.user_id, ...(info.email ? { email: info.email } : {}) });
    }
    send(404, { error: { message: "Unknown path" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  graph = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v19.0`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("Facebook login through token introspection", () => {
  it("accepts a valid token issued to our app, keyed on Facebook's user id, with the e-mail from /me", async () => {
    const facebook = createFacebookProvider(APP_ID, APP_SECRET, graph);
    expect(await facebook.verify("good", {})).toEqual({
      provider: "facebook",
      subject: "10001",
      email: "fb.user@example.com",
    });
    // The introspection was made with the app token, not with the shopper's token alone.
    const debug = requests.find((url) => url.pathname.endsWith("/debug_token"));
    expect(debug?.searchParams.get("access_token")).toBe(`${APP_ID}|${APP_SECRET}`);
  });

  it("gives no e-mail when Facebook has none for the user", async () => {
    const facebook = createFacebookProvider(APP_ID, APP_SECRET, graph);
    expect(await facebook.verify("no-email", {})).toEqual({
      provider: "facebook",
      subject: "10002",
      email: null,
    });
  });

  it.each([
    ["a token issued to another app", "other-app"],
    ["a revoked token", "revoked"],
    ["an expired token", "expired"],
    ["a token Facebook does not know", "forged"],
    ["a token whose /me names another user", "me-mismatch"],
  ])("refuses %s", async (_what, token) => {
    const facebook = createFacebookProvider(APP_ID, APP_SECRET, graph);
    await expect(facebook.verify(token, {})).rejects.toBeInstanceOf(InvalidIdentityToken);
  });

  it("refuses every token when our app secret is wrong (introspection itself is refused)", async () => {
    const facebook = createFacebookProvider(APP_ID, "wrong-secret", graph);
    await expect(facebook.verify("good", {})).rejects.toBeInstanceOf(InvalidIdentityToken);
  });
});
