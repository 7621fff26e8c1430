import { stringifySetCookie } from "cookie";
import QRCode from "qrcode";
import { data, type RouterContextProvider } from "react-router";
import { isInviteCode } from "../../../core/ids.ts";
import { INVITE_COOKIE, INVITE_COOKIE_MAX_AGE_S } from "../../../core/sfb.ts";
import { sessionCookieAttributes } from "../../../server/http/session.ts";
import { appContext } from "../../context.ts";
import { pageCustomer, requirePageCustomer } from "../account/session.server.ts";

interface LoaderArgs {
  request: Request;
  url: URL;
  context: Readonly<RouterContextProvider>;
}

/** The link a friend opens: the site's origin, no language prefix (the friend's own language is detected). */
function inviteLink(origin: string, code: string) {
  return `${origin}/sfb/landing/${code}`;
}

/** The invite link's QR code as SVG, drawn on the server from the shopper's own code (never other input). */
function qrSvg(link: string): Promise<string> {
  return QRCode.toString(link, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
}

/** /sfb: the programme's rules; a signed-in shopper also gets their code and link. */
export async function loadProgramme({ request, url, context }: LoaderArgs) {
  const app = context.get(appContext);
  const customer = await pageCustomer(app, request, url);
  const rules = await app.services.sfb.publicRules(app.request.locale);
  if (!customer) return { rules, invite: null };
  const { code, enabled } = await app.services.sfb.codeFor(customer.id);
  return { rules, invite: { code, enabled, link: inviteLink(app.request.origin, code) } };
}

/** /my/sfb: the shopper's code, link and QR code, their friends and their store credit. */
export async function loadMine({ request, url, context }: LoaderArgs) {
  const app = context.get(appContext);
  const customer = await requirePageCustomer(app, request, url);
  const mine = await app.services.sfb.mine(customer.id, app.request.locale);
  const link = inviteLink(app.request.origin, mine.code);
  return { ...mine, link, qr: await qrSvg(link) };
}

/**
 * /sfb/landing/{code} and /my/sfb/landing/{code}: who invited the friend and what they get. A working code is
 * kept in an HttpOnly cookie for 30 days, so registration and social sign-in attach it (ADR 0242).
 */
export async function loadLanding({ request, url, context }: LoaderArgs, code: string) {
  const app = context.get(appContext);
  const customer = await pageCustomer(app, request, url);
  const upper = code.toUpperCase();
  if (!isInviteCode(upper))
    return { landing: { status: "unknown" as const, code }, signedIn: customer !== null };
  const landing = await app.services.sfb.landing(upper, app.request.locale, customer?.id);
  const headers = new Headers();
  if (landing.status === "ok" && !customer)
    headers.append(
      "set-cookie",
      stringifySetCookie({
        name: INVITE_COOKIE,
        value: upper,
        maxAge: INVITE_COOKIE_MAX_AGE_S,
        ...sessionCookieAttributes(app.request.secureCookies),
      }),
    );
  return data({ landing, signedIn: customer !== null }, { headers });
}
