import { type AppBridge, BridgeError } from "./types.ts";

/**
 * Outside the app (a plain browser, or server rendering) there is no one to talk to (ADR 0021): `available` is
 * false and every call rejects with BridgeError "not_in_app", so a caller that forgot to check `available`
 * fails loudly instead of waiting for an answer that never comes.
 */
export function createBrowserBridge(): AppBridge {
  const notInApp = () => Promise.reject(new BridgeError("not_in_app", "not running inside the app"));
  return {
    available: false,
    closeWebView: notInApp,
    getBaseInfo: notInApp,
    openPdf: notInApp,
    navigate: notInApp,
    openLogin: notInApp,
    pay: notInApp,
    share: notInApp,
    getDeviceInfo: notInApp,
    openWebPage: notInApp,
    installEsim: notInApp,
    checkEsimSupport: notInApp,
    on: () => () => {},
  };
}
