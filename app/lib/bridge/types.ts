import type { Locale } from "../../../core/constants.ts";

/*
 * spec 1: the native app embeds the storefront and offers a bridge: close the web view, read base info
 * (locale, currencyCode), open a PDF, navigate to native pages, open native login, pay, share, read device
 * info, open another web page, install an eSIM, check eSIM support. The wire protocol is ADR 0021.
 */

/** spec 2: native page targets. The navigation payload {code, params} is sent as {route, args}. */
export const NATIVE_PAGES = ["goodsDetail", "categoryList", "esimDetail", "mine", "productList"] as const;
export type NativePage = (typeof NATIVE_PAGES)[number];
export type NativeArgs = Record<string, string | number | boolean>;

/** spec 3: app base info, stored as the current language and currency. */
export interface AppBaseInfo {
  locale: Locale;
  currencyCode: string;
}

export interface DeviceInfo {
  platform: "ios" | "android" | "unknown";
  osVersion: string;
  appVersion: string;
  model?: string;
}

export interface NativeLoginResult {
  loggedIn: boolean;
  /** Present when the app hands the web view a session for `Authorization: Bearer` (architecture). */
  token?: { accessToken: string; refreshToken?: string; expiresIn?: number };
}

export interface NativePayRequest {
  orderCode: string;
  /** The payment the app should present, e.g. a hosted payment session. */
  paymentUrl?: string;
}

export interface NativePayResult {
  status: "success" | "cancelled" | "failed" | "pending";
}

export interface ShareContent {
  title: string;
  url: string;
  text?: string;
  imageUrl?: string;
}

export interface EsimInstallRequest {
  /** "LPA:1$<smdp>$<matchingId>" */
  activationCode: string;
  iccid?: string;
}

export interface EsimInstallResult {
  status: "installed" | "cancelled" | "failed" | "unsupported";
}

export type BridgeErrorCode =
  /** Not running inside the app: nothing to talk to. */
  | "not_in_app"
  /** The app did not answer in time. */
  | "timeout"
  /** The app answered with an error. */
  | "native_error"
  /** The app does not know the method (an older app version). */
  | "unsupported"
  /** The web side refused to send it (e.g. a script URL). */
  | "refused"
  /** The app's answer did not have the expected shape. */
  | "bad_reply";

export class BridgeError extends Error {
  readonly code: BridgeErrorCode;
  constructor(code: BridgeErrorCode, message: string = code) {
    super(message);
    this.name = "BridgeError";
    this.code = code;
  }
}

/** Events the app sends without being asked, e.g. when it comes back to the foreground. */
export interface NativeEvents {
  resume: Record<string, never>;
  baseInfoChanged: AppBaseInfo;
  loginChanged: NativeLoginResult;
}

export interface AppBridge {
  /** True only inside the app with a working transport (ADR 0021). */
  readonly available: boolean;
  closeWebView(): Promise<void>;
  getBaseInfo(): Promise<AppBaseInfo>;
  openPdf(input: { url: string; title?: string }): Promise<void>;
  navigate(code: NativePage, params?: NativeArgs): Promise<void>;
  openLogin(input?: { pageFrom?: string }): Promise<NativeLoginResult>;
  pay(input: NativePayRequest): Promise<NativePayResult>;
  share(input: ShareContent): Promise<{ shared: boolean }>;
  getDeviceInfo(): Promise<DeviceInfo>;
  openWebPage(input: { url: string; title?: string }): Promise<void>;
  installEsim(input: EsimInstallRequest): Promise<EsimInstallResult>;
  checkEsimSupport(): Promise<{ supported: boolean }>;
  on<E extends keyof NativeEvents>(event: E, listener: (payload: NativeEvents[E]) => void): () => void;
}
