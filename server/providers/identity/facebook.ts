import { createHmac } from "node:crypto";
import { type IdentityProvider, InvalidIdentityToken } from "./types.ts";

const GRAPH = "https://graph.facebook.com/v19.0";

/**
 * Facebook gives the browser an access token, not an ID token: it is checked by introspection (debug_token)
 * with our app token, which must say the token is valid and was issued to our app. The e-mail then comes from
 * /me. `graph` is the Graph API's base URL; facebook.test.ts points it at a local Graph API stand-in.
 */
export function createFacebookProvider(appId: string, appSecret: string, graph = GRAPH): IdentityProvider {
  const appToken = `${appId}|${appSecret}`;
  return {
    async verify(accessToken) {
      const debug = await fetch(
        `${graph}/debug_token?input_token=${encodeURIComponent(accessToken)}&access_token=${encodeURIComponent(appToken)}`,
        { signal: AbortSignal.timeout(10_000) },
      );
      if (!debug.ok) throw new InvalidIdentityToken(`debug_token answered ${debug.status}`);
      const { data } = (await debug.json()) as {
        data?: { is_valid?: boolean; app_id?: string; user_id?: string; expires_at?: number };
      };
      if (!data?.is_valid || data.app_id !== appId || !data.user_id) {
        throw new InvalidIdentityToken("token not valid for this app");
      }
      if (data.expires_at && data.expires_at * 1000 < Date.now()) throw new InvalidIdentityToken("expired");
      // appsecret_proof: Graph calls with a user token must prove our app made them when the app has
      // "Require App Secret" on, as Facebook recommends.
      const proof = createHmac("sha256", appSecret).update(accessToken).digest("hex");
      const me = await fetch(
        `${graph}/me?fields=id,email&access_token=${encodeURIComponent(accessToken)}&appsecret_proof=${proof}`,
        { signal: AbortSignal.timeout(10_000) },
      );
      const profile = me.ok ? ((await me.json()) as { id?: string; email?: string }) : {};
      if (profile.id && profile.id !== data.user_id) throw new InvalidIdentityToken("subject mismatch");
      // Facebook only returns e-mail addresses it has confirmed.
      return { provider: "facebook", subject: data.user_id, email: profile.email?.toLowerCase() ?? null };
    },
  };
}
