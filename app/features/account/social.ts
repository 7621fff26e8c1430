import type { ThirdPartyInfo } from "../../lib/login-store.ts";

export type SocialProvider = ThirdPartyInfo["provider"];
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = ["google", "apple", "facebook"];

/** spec 7 open-token / register-bind-login / bind answer. */
export interface SocialAnswer {
  success: boolean;
  code: string;
  message: string;
  loginTime?: number;
  expiresIn?: number;
  user?: { loginName: string | null; nickName: string | null };
  extraMessage: { provider: SocialProvider; email: string | null } | null;
}

/** spec 4, 8: what to do with an open-token answer. */
export type SocialStep = "loggedIn" | "registerBind" | "bind" | "failed";

export function socialStep(answer: Pick<SocialAnswer, "success" | "code">): SocialStep {
  if (answer.success) return "loggedIn";
  if (answer.code === "hoth.social.userNotFound") return "registerBind";
  if (
    answer.code === "hoth.social.openEmailOrPhoneNotFound" ||
    answer.code === "hoth.social.providerNotBindUser"
  )
    return "bind";
  return "failed";
}

/** The provider's sign-in failed to load (no SDK configured, or blocked): spec 8's messages. */
export class SdkUnavailable extends Error {
  readonly provider: SocialProvider;
  constructor(provider: SocialProvider) {
    super(`${provider} SDK unavailable`);
    this.provider = provider;
  }
}

/** spec 8: 'Facebook SDK未正确加载，请检查网络' for Facebook, '请检查您的网络连接' for the others. */
export function sdkMessageKey(provider: SocialProvider) {
  return provider === "facebook" ? "accountUi.social.facebookSdkMissing" : "accountUi.social.sdkMissing";
}

/**
 * Outside production the sandbox issuer (ADR 0066) plays the provider: POST /__dev/identity/{provider}/token
 * gives an ID token for a test identity. The identity is the browser's own test persona (ADR 0093).
 */
export async function sandboxIdToken(
  provider: SocialProvider,
  persona: { sub: string; email?: string; emailVerified?: boolean },
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/__dev/identity/${provider}/token`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "fetch" },
      body: JSON.stringify(persona),
      credentials: "same-origin",
    });
  } catch {
    throw new SdkUnavailable(provider);
  }
  if (!response.ok) throw new SdkUnavailable(provider);
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new SdkUnavailable(provider);
  return body.idToken;
}
