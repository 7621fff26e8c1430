import { useContext, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  UNSAFE_FrameworkContext,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { isConsolePage } from "../core/console-path.ts";
import { DEFAULT_LOCALE, type Locale } from "../core/constants.ts";
import { localeCookie, readLocaleCookie } from "../core/cookies.ts";
import { isCrawler } from "../core/crawler.ts";
import { format, localeBundle } from "../core/i18n/index.ts";
import commonMessages from "../core/i18n/messages/common.ts";
import { localeFromAcceptLanguage, localePath, pageLocale, splitLocale } from "../core/locale-path.ts";
import { PERSONAL_TEMPLATE_USER } from "../core/personal-template.ts";
import type { Route } from "./+types/root";
import { appContext } from "./context.ts";
import { pageCustomer } from "./features/account/session.server.ts";
import { cutNickname } from "./features/shell/nickname.ts";
import { ErrorView, NotFoundView } from "./features/shell/PageStates.tsx";
import { ShellFrame } from "./features/shell/ShellFrame.tsx";
import { EARLY_APP_BANNER_SCRIPT } from "./lib/early-app-banner.ts";
import { provideFeatureMessages, provideMessages } from "./lib/i18n-runtime.ts";
import { AppStylesheet } from "./lib/inline-css.tsx";
import { loginStore, syncLoginStore } from "./lib/login-store.ts";
import { withBundledMessages } from "./lib/root-messages.ts";
import { loadBundles, matchedBundles, pathBundles } from "./lib/route-messages.ts";
import { installRoutePreload } from "./lib/route-preload.ts";
import { scrollKey } from "./lib/scroll.ts";

type RootUser = { nickName: string; loginName: string | null } | null;

const HTML_LANG: Record<Locale, string> = { en_US: "en-US", zh_CN: "zh-CN", zh_HK: "zh-HK" };

// `url` (not request.url): React Router 8 passes data requests through with their `.data` suffix, so
// /zh_CN.data would otherwise read as an unprefixed path and render en_US after a client-side switch.
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { services, request: info } = context.get(appContext);
  // The request context's locale: the page's path prefix (spec 2), read once per request.
  const { locale } = info;

  // spec 2: the locale is detected only on the root path, from the cookie first, then the browser's languages.
  if (url.pathname === "/") {
    const fromCookie = readLocaleCookie(request.headers.get("cookie"));
    const detected = fromCookie ?? localeFromAcceptLanguage(request.headers.get("accept-language"));
    if (detected && detected !== DEFAULT_LOCALE) {
      const headers = new Headers({ vary: "Cookie, Accept-Language" });
      if (!fromCookie) headers.append("set-cookie", localeCookie(detected));
      throw redirect(`/${detected}${url.search}`, { headers });
    }
  }

  // The session (cookie or bearer header) decides the header's state; such requests are never HTML-cached
  // (server/infra/html-cache.ts skips any request with a session cookie or Authorization header).
  // The signed-in template of a store page (ADR 0246) has a stand-in shopper the server replaces per request.
  const template = info.personalTemplate === true;
  // Read together, and awaited together: a read started alone and left behind when another one fails (the database
  // gone) would reject with nobody waiting, and an unhandled rejection ends the process.
  const [site, customer, footer] = await Promise.all([
    services.site.siteInfo(info.siteCode, locale),
    template ? null : pageCustomer(context.get(appContext), request, url),
    // spec 3 footer content (contact ways), which operators edit per locale.
    services.pages.footer(locale),
  ]);
  const switches = services.account.registrationSwitches();
  const currency =
    site.supportCurrencyList.find((c) => c.currencyCode === info.currency) ??
    site.supportCurrencyList.find((c) => c.currencyCode === site.defCurrencyCode) ??
    site.supportCurrencyList[0];
  if (!currency) throw data("site has no currency", { status: 500 });

  return {
    // The shell's messages are not sent: the browser loads them as the locale's "shell" bundle, a module of its own
    // (ADR 0293), and the browser build holds `common` (app/lib/root-messages.ts, ADR 0290).
    locale,
    currency,
    channel: info.channel,
    origin: info.origin,
    externalLinkHosts: services.externalLinkHosts,
    // spec 6: the logged-in customer's names (the header shows the nickname); null for a visitor.
    user: template
      ? { ...PERSONAL_TEMPLATE_USER }
      : customer
        ? shopperHeader(customer, await services.notifications.unreadCount(customer.id))
        : null,
    // spec 6: the register link shows only when phone or email registration is enabled.
    registerEnabled: switches.emailRegistrationEnabled || switches.phoneRegistrationEnabled,
    // A crawler's page draws at once what a shopper's draws only after hydration (ADR 0293; the HTML cache keeps
    // the two apart). Absent for a shopper, so their page carries no field for it.
    ...(isCrawler(request.headers.get("user-agent")) ? { crawler: true as const } : {}),
    footer,
    // What the shell and the content calls read of the site (ADR 0286: the legal links are fixed paths, the shop's
    // name is a message).
    site: {
      onlineShopCode: site.onlineShopCode,
      tenantId: site.tenantId,
      supportLangList: site.supportLangList,
      supportCurrencyList: site.supportCurrencyList,
    },
  };
}

/**
 * The page's messages are locale bundles, modules the browser loads (ADR 0293, 0418): the locale's "shell" bundle and
 * the feature bundles the matched routes name in their `handle` (app/lib/route-messages.ts). The entry loads the
 * first page's before it hydrates; on every later navigation (client middleware runs on each, whichever loaders
 * revalidate) this loads the next page's while its data loads, and the router renders it only once both are in.
 * Each is loaded once per locale; a navigation whose bundles are loaded goes straight on.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ url }, next) => {
    const locale = pageLocale(url);
    const bundles = pathBundles(url.pathname).then((names) => loadBundles(["shell", ...names], locale));
    const [, result] = await Promise.all([bundles, next()]);
    return result;
  },
];

/**
 * The header's data of a signed-in shopper (spec 6): the nickname (the login name without one), shortened for the
 * header, and the account menu's count of unread notices (spec 2 /ucenter/push, ADR 0204).
 */
function shopperHeader(customer: { nickName: string | null; loginName: string | null }, unread: number) {
  const nickName = customer.nickName ?? customer.loginName ?? "";
  return {
    nickName,
    shortName: cutNickname(nickName),
    loginName: customer.loginName,
    unreadNotifications: unread,
  };
}

export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // Locale and currency are the root's inputs; plain navigations keep its data, mutations refresh it.
  const localeChanged = splitLocale(currentUrl.pathname).locale !== splitLocale(nextUrl.pathname).locale;
  const currencyChanged = currentUrl.searchParams.get("currency") !== nextUrl.searchParams.get("currency");
  if (localeChanged || currencyChanged) return true;
  // An explicit revalidation on the same URL (after login or logout) refreshes the session's user.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const locale = rootData?.locale ?? splitLocale(location.pathname).locale;
  const nonce = useContext(UNSAFE_FrameworkContext)?.nonce;
  // The operator console (issue 16) shares the document but not the store's head: its own language, never
  // indexed, no app banner and no language alternates.
  const consoleData = useRouteLoaderData("admin-root") as { language?: Locale } | undefined;
  const inConsole = isConsolePage(location.pathname);
  return (
    <html lang={HTML_LANG[inConsole ? (consoleData?.language ?? DEFAULT_LOCALE) : locale]}>
      <head>
        <meta charSet="utf-8" />
        {/* WCAG 1.4.4: pinch zoom stays available (no maximum-scale, no user-scalable=no). */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
         * In the order React's server writes them: its hoistable elements (meta, link, title) first, then the
         * head's other children, so hydrating moves no node of the head: a `<style>` moved is a stylesheet dropped
         * and parsed again (ADR 0306).
         */}
        <meta name="theme-color" content="#0b5cff" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {inConsole && <meta name="robots" content="noindex, nofollow" />}
        {!inConsole && <LocaleAlternates origin={rootData?.origin} pathname={location.pathname} />}
        {/* Last of the hoistables: a route's JSON-LD `<script>` (the pdp's) is not one, and follows them. */}
        <Meta />
        {!inConsole && (
          /* Before the first paint: lays out the app banner when it will show (ADR 0143). */
          <script
            nonce={nonce}
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours (app/lib/early-app-banner.ts)
            dangerouslySetInnerHTML={{ __html: EARLY_APP_BANNER_SCRIPT }}
          />
        )}
        <AppStylesheet nonce={nonce} />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration getKey={scrollKey} />
        <Scripts />
      </body>
    </html>
  );
}

// spec 2: every page exists once per locale; tell search engines which URL serves which language.
const HREFLANG: readonly [string, Locale][] = [
  ["en", "en_US"],
  ["zh-CN", "zh_CN"],
  ["zh-HK", "zh_HK"],
  ["x-default", "en_US"],
];

function LocaleAlternates({ origin, pathname }: { origin?: string; pathname: string }) {
  const { rest } = splitLocale(pathname);
  return HREFLANG.map(([hreflang, locale]) => (
    <link
      key={hreflang}
      rel="alternate"
      hrefLang={hreflang}
      href={`${origin ?? ""}${localePath(locale, rest, true)}`}
    />
  ));
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Non-React browser code (the HTTP client's dialogs, list errors) translates with these (ADR 0005).
  provideMessages(
    loaderData.locale,
    withBundledMessages(loaderData.locale, localeBundle("shell", loaderData.locale).messages),
  );
  // and with the feature bundles the matched routes name (app/lib/route-messages.ts), kept once seen.
  const matches = useMatches();
  for (const name of matchedBundles(matches)) {
    const bundle = localeBundle(name, loaderData.locale);
    provideFeatureMessages(bundle.messages, bundle.compiled);
  }
  return <AppOutlet locale={loaderData.locale} user={loaderData.user} />;
}

function AppOutlet({ locale, user }: { locale: Locale; user: RootUser }) {
  // spec 3, 4: the stored login info follows the server's session; an expired cached login is dropped on load.
  useEffect(() => {
    syncLoginStore(loginStore(), user ? { loginName: user.loginName, nickName: user.nickName } : null);
  }, [user]);
  // spec 2: the locale switches on navigation; remember it for the next visit to the root path.
  useEffect(() => {
    if (readLocaleCookie(document.cookie) !== locale) document.cookie = localeCookie(locale);
  }, [locale]);
  // Hovering or focusing an internal link preloads its route modules, at most 4 at once (spec 9).
  useEffect(() => installRoutePreload(), []);
  // Runs after every child's effects in the first commit: tests wait for it before driving listeners.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const locale = splitLocale(location.pathname).locale;
  // Only the shared messages: importing every catalogue here would ship them all to the browser.
  const messages = commonMessages[locale];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && !isRouteErrorResponse(error)) console.error(error);
  // When the root loader succeeded (an unknown first segment such as /category fails in the locale layout),
  // the error shows inside the storefront shell; without root data only this plain page can render.
  if (rootData) {
    return <ShellFrame failed={!notFound}>{notFound ? <NotFoundView /> : <ErrorView />}</ShellFrame>;
  }
  return (
    <main id="main" className="mx-auto max-w-2xl px-6 py-24 text-center">
      <title>
        {notFound
          ? format(messages["error.pageNotFound"], { path: location.pathname })
          : messages["error.systemTitle"]}
      </title>
      <h1 className="text-2xl font-semibold">
        {notFound
          ? format(messages["error.pageNotFound"], { path: location.pathname })
          : messages["error.systemTitle"]}
      </h1>
      {!notFound && <p className="mt-4 text-slate-600">{messages["error.internal"]}</p>}
      <p className="mt-8">
        <a className="text-blue-700 underline" href={locale === DEFAULT_LOCALE ? "/" : `/${locale}`}>
          {messages["error.backHome"]}
        </a>
      </p>
    </main>
  );
}
