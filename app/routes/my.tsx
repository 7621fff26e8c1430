import { NavLink, Outlet, redirect } from "react-router";
import { localePath, splitLocale } from "../../core/locale-path.ts";
import { appContext } from "../context.ts";
import { PhoneAccountMenu } from "../features/account/PhoneAccountMenu.tsx";
import { pageCustomer, requirePageCustomer } from "../features/account/session.server.ts";
import { useI18n } from "../lib/i18n.tsx";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/my";

export const handle = { messages: ["account"] } satisfies MessagesHandle;

// spec 2 /my (parent layout), spec 6: protected account pages send a visitor (or an expired session) to
// /login?pageFrom=<this page> before anything renders (ADR 0092).
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  // A friend's invite link inside the account area (the app's entry) works for a visitor too: it goes to the
  // public landing page, which keeps the code through sign-up (issue 11), rather than to login.
  const { locale, rest } = splitLocale(url.pathname.replace(/\.data$/, ""));
  const invite = /^\/my\/sfb\/landing\/([^/]+)$/.exec(rest);
  if (invite && !(await pageCustomer(app, request, url)))
    throw redirect(localePath(locale, `/sfb/landing/${invite[1]}`, true));
  const customer = await requirePageCustomer(app, request, url);
  return { nickName: customer.nickName };
}

export default function MyLayout() {
  const { t, href } = useI18n();
  const links: [string, string][] = [
    ["/my/userInfo", t("shell.accountInfo")],
    ["/my/order/list", t("shell.myOrders")],
    ["/my/coupon", t("shell.myCoupons")],
    ["/my/purchased", t("shell.purchased")],
    ["/my/sfb", t("shell.inviteRewards")],
  ];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row md:py-10">
      <nav aria-label={t("accountUi.my.nav")} className="md:w-56 md:shrink-0">
        <ul className="flex gap-2 overflow-x-auto md:flex-col">
          {links.map(([path, label]) => (
            <li key={path}>
              <NavLink
                to={href(path)}
                end={path === "/my/userInfo"}
                className={({ isActive }) =>
                  `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${
                    isActive ? "bg-brand-50 text-brand-900" : "text-slate-800 hover:bg-slate-100"
                  }`
                }
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
      {/* Issue 30: on a phone the header's account menu is hidden; the profile tab's page carries its entries. */}
      <PhoneAccountMenu />
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
