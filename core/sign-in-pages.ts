import { splitLocale } from "./locale-path.ts";

/**
 * Pages a shopper can sign in from with a provider's popup (ADR 0164): the sign-in pages, and checkout, whose
 * sign-in dialog offers the same buttons. Only these documents relax the cross-origin-opener policy to
 * same-origin-allow-popups, because the popups answer through window.opener (issue 14.13, ADR 0188).
 */
const SIGN_IN_PATH = /^\/(?:login|logins\/[^/]+|register|bind|AuthenticationPopupView|checkout)\/?$/;

export function isSignInPage(pathname: string): boolean {
  return SIGN_IN_PATH.test(splitLocale(pathname).rest);
}
