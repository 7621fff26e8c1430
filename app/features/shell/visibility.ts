/** Viewport classes of spec 9: sm below 720 px, md from 720, lg from 1440. */
export type ViewportClass = "sm" | "md" | "lg";

export interface ShellVisibility {
  topBar: boolean;
  bottomBar: boolean;
  backToTop: boolean;
}

// spec 2: the top bar is hidden on login, register, bind, checkout, forgot password, code login, preference,
// pay result, authentication and QR pages.
const NO_TOP_BAR = [
  /^\/login$/,
  /^\/register$/,
  /^\/bind$/,
  /^\/checkout$/,
  /^\/logins\/forget-password$/,
  /^\/logins\/verification-code-login$/,
  /^\/logins\/preference$/,
  /^\/pay\/result$/,
  /^\/AuthenticationPopupView$/,
  /^\/app_installation_qrcode$/,
];

// spec 2: on small screens the bottom bar shows only on home, my eSIM, user info and category.
const BOTTOM_BAR = [/^\/$/, /^\/ucenter\/eSIM$/, /^\/my\/userInfo$/, /^\/category$/];

// spec 9: back-to-top is not offered on the list page.
const NO_BACK_TO_TOP = [/^\/plp$/];

function normalise(path: string): string {
  const bare = path.split(/[?#]/)[0] || "/";
  return bare.length > 1 ? bare.replace(/\/+$/, "") || "/" : bare;
}

/**
 * Which parts of the shell show on a page, from its path without the locale prefix and the viewport class.
 * Pure, so the rules of spec 2 are unit-tested apart from the DOM.
 */
export function shellVisibility(pathWithoutLocale: string, viewport: ViewportClass): ShellVisibility {
  const path = normalise(pathWithoutLocale);
  const small = viewport === "sm";
  const topBarAllowed = !NO_TOP_BAR.some((rule) => rule.test(path));
  return {
    topBar: small ? path === "/" : topBarAllowed,
    bottomBar: small && BOTTOM_BAR.some((rule) => rule.test(path)),
    backToTop: !NO_BACK_TO_TOP.some((rule) => rule.test(path)),
  };
}

/** Tailwind classes that show an element per viewport class, so the server render already matches the rules. */
export function responsiveDisplay(small: boolean, wide: boolean, display = "block"): string {
  const sm = small ? display : "hidden";
  const md = wide ? `md:${display}` : "md:hidden";
  return `${sm} ${md}`;
}
