import { SdkUnavailable, type SocialProvider } from "./social.ts";

/**
 * The providers' own sign-in SDKs in the browser (ADR 0164): Google Identity Services, Sign in with Apple JS
 * and the Facebook JavaScript SDK. Each is loaded only when the shopper is about to use it (pointer over or
 * focus on its button), with the client ID the server publishes at GET /o2cum/v1/pub/social-login/clients.
 * A provider with no client ID, a script that does not load in time, or an SDK that cannot show its sign-in
 * is SdkUnavailable (spec 8's message). A shopper who closes the provider's window gets SocialCancelled.
 */

export const SDK_SCRIPTS: Record<SocialProvider, string> = {
  google: "https://accounts.google.com/gsi/client",
  apple: "https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js",
  facebook: "https://connect.facebook.net/en_US/sdk.js",
};

const LOAD_TIMEOUT_MS = 10_000;

/** The shopper closed the provider's window: nothing to say. */
export class SocialCancelled extends Error {}

/** What the SDK gave: the token for open-token, and the nonce it was bound to (ID tokens only). */
export interface ProviderToken {
  token: string;
  nonce?: string;
}

type SocialClients = Record<SocialProvider, string | null>;

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: {
        client_id: string;
        nonce?: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: "popup" | "redirect";
        use_fedcm_for_prompt?: boolean;
        cancel_on_tap_outside?: boolean;
      }): void;
      prompt(
        listener?: (notification: {
          isNotDisplayed?: () => boolean;
          isSkippedMoment?: () => boolean;
          isDismissedMoment?: () => boolean;
          getDismissedReason?: () => string;
        }) => void,
      ): void;
    };
  };
}
interface AppleIdentity {
  auth: {
    init(config: {
      clientId: string;
      scope: string;
      redirectURI: string;
      usePopup: boolean;
      nonce?: string;
      state?: string;
    }): void;
    signIn(): Promise<{ authorization?: { id_token?: string } }>;
  };
}
interface FacebookSdk {
  init(config: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(
    callback: (response: { status?: string; authResponse?: { accessToken?: string } | null }) => void,
    options: { scope: string },
  ): void;
}
type SdkWindow = Window & { google?: GoogleIdentity; AppleID?: AppleIdentity; FB?: FacebookSdk };

let clientsRequest: Promise<SocialClients> | null = null;
function socialClients(): Promise<SocialClients> {
  clientsRequest ??= fetch("/o2cum/v1/pub/social-login/clients", { credentials: "same-origin" })
    .then((response) => {
      if (!response.ok) throw new Error(`clients answered ${response.status}`);
      return response.json() as Promise<SocialClients>;
    })
    .catch((error) => {
      clientsRequest = null;
      throw error;
    });
  return clientsRequest;
}

const scripts = new Map<SocialProvider, Promise<void>>();
function sdkReady(provider: SocialProvider): boolean {
  const w = window as SdkWindow;
  if (provider === "google") return Boolean(w.google?.accounts?.id);
  if (provider === "apple") return Boolean(w.AppleID?.auth);
  return Boolean(w.FB);
}

function loadScript(provider: SocialProvider): Promise<void> {
  if (sdkReady(provider)) return Promise.resolve();
  let loading = scripts.get(provider);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = SDK_SCRIPTS[provider];
      script.async = true;
      script.crossOrigin = "anonymous";
      const timer = window.setTimeout(() => reject(new SdkUnavailable(provider)), LOAD_TIMEOUT_MS);
      script.onload = () => {
        window.clearTimeout(timer);
        if (sdkReady(provider)) resolve();
        else reject(new SdkUnavailable(provider));
      };
      script.onerror = () => {
        window.clearTimeout(timer);
        reject(new SdkUnavailable(provider));
      };
      document.head.appendChild(script);
    });
    // A failed load may be retried on the next click (the network may be back).
    loading.catch(() => scripts.delete(provider));
    scripts.set(provider, loading);
  }
  return loading;
}

/** The provider's client ID, its SDK loaded; SdkUnavailable when either is missing. */
async function prepared(provider: SocialProvider): Promise<string> {
  let clients: SocialClients;
  try {
    clients = await socialClients();
  } catch {
    throw new SdkUnavailable(provider);
  }
  const clientId = clients[provider];
  if (!clientId) throw new SdkUnavailable(provider);
  await loadScript(provider);
  return clientId;
}

/** Starts fetching the client IDs and the provider's script ahead of the click; failures surface on click. */
export function prepareProvider(provider: SocialProvider): void {
  prepared(provider).catch(() => undefined);
}

/** A fresh nonce, bound into the ID token and checked by the server (ADR 0066). */
function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** Runs the provider's sign-in and resolves with the token open-token verifies. */
export async function providerSignIn(provider: SocialProvider): Promise<ProviderToken> {
  const clientId = await prepared(provider);
  const w = window as SdkWindow;
  if (provider === "google") {
    const nonce = newNonce();
    const google = w.google!;
    return new Promise<ProviderToken>((resolve, reject) => {
      google.accounts.id.initialize({
        client_id: clientId,
        nonce,
        ux_mode: "popup",
        use_fedcm_for_prompt: true,
        cancel_on_tap_outside: true,
        callback: (response) => {
          if (response.credential) resolve({ token: response.credential, nonce });
          else reject(new SocialCancelled());
        },
      });
      google.accounts.id.prompt((notification) => {
        if (notification.isNotDisplayed?.()) reject(new SdkUnavailable(provider));
        else if (notification.isSkippedMoment?.()) reject(new SocialCancelled());
        else if (
          notification.isDismissedMoment?.() &&
          notification.getDismissedReason?.() !== "credential_returned"
        )
          reject(new SocialCancelled());
      });
    });
  }
  if (provider === "apple") {
    const nonce = newNonce();
    const apple = w.AppleID!;
    apple.auth.init({
      clientId,
      scope: "name email",
      // Registered with Apple; /login also accepts Apple's form_post redirect (ADR 0093).
      redirectURI: `${window.location.origin}/login`,
      usePopup: true,
      nonce,
    });
    let answer: { authorization?: { id_token?: string } };
    try {
      answer = await apple.auth.signIn();
    } catch {
      // Apple rejects with {error: "popup_closed_by_user"} (or a blocked popup).
      throw new SocialCancelled();
    }
    const token = answer.authorization?.id_token;
    if (!token) throw new SocialCancelled();
    return { token, nonce };
  }
  const fb = w.FB!;
  fb.init({ appId: clientId, version: "v19.0", cookie: false, xfbml: false });
  return new Promise<ProviderToken>((resolve, reject) => {
    fb.login(
      (response) => {
        const token = response.authResponse?.accessToken;
        if (token) resolve({ token });
        else reject(new SocialCancelled());
      },
      { scope: "email" },
    );
  });
}
