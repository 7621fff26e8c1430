import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { formatPrice } from "../../../core/money.ts";
import { Icon } from "../../components/ui/Icon.tsx";
import { useDismiss } from "../../components/ui/use-dismiss.ts";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import { withIsolated } from "../../lib/isolate.tsx";
import { notify } from "../../lib/notify.ts";

const linkClass = "rounded-full px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100";

/** spec 6: a visitor sees log in (and sign up when registration is on); a customer sees my eSIM and a menu. */
export function AccountArea() {
  const { t, href } = useI18n();
  const { user, registerEnabled } = useRootData();
  if (!user) {
    return (
      <div className="hidden items-center gap-1 md:flex">
        <Link to={href("/login")} className={linkClass}>
          {t("shell.login")}
        </Link>
        {registerEnabled && (
          <Link
            to={href("/register")}
            className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("shell.register")}
          </Link>
        )}
      </div>
    );
  }
  return (
    <div className="hidden items-center gap-1 md:flex">
      <Link to={href("/ucenter/eSIM")} className={linkClass}>
        {t("shell.myEsim")}
      </Link>
      <CustomerMenu nickName={user.nickName} shortName={user.shortName} unread={user.unreadNotifications} />
    </div>
  );
}

function CustomerMenu({
  nickName,
  shortName,
  unread,
}: {
  nickName: string;
  shortName: string;
  unread: number;
}) {
  const { t, href, locale } = useI18n();
  const { currency, channel } = useRootData();
  const [open, setOpen] = useState(false);
  // The store-credit balance (issue 11), HKD cents: read when the menu first opens, not on every page render, so
  // a signed-in page costs no extra query (issue 15, ADR 0209).
  const [creditMinor, setCreditMinor] = useState<number | null>(null);
  useEffect(() => {
    if (!open || creditMinor !== null) return;
    // The HTTP client is imported here, on first opening, not in every page's first load (ADR 0288).
    import("../../lib/api.ts")
      .then(({ apiFor }) =>
        apiFor({ locale, currency: currency.currencyCode, channel }).get<{ balanceMinor: number }>(
          "/o2sfb/v1/customer/credit",
          { page: 0, size: 1 },
          { silent: true },
        ),
      )
      .then((answer) => setCreditMinor(answer.balanceMinor))
      .catch(() => setCreditMinor(0));
  }, [open, creditMinor, locale, currency.currencyCode, channel]);
  const trigger = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, { popup, trigger });

  const logout = async () => {
    close();
    if (!(await notify.dialog({ title: t("shell.logoutConfirm") }))) return;
    // spec 4: logout clears the session; the accounts feature owns the call, this is its entry point.
    await fetch("/o2cum/v1/customer/logout", { credentials: "same-origin" }).catch(() => undefined);
    window.location.assign(href("/"));
  };

  const items: [string, string][] = [
    ["/my/userInfo", t("shell.accountInfo")],
    ["/my/order/list", t("shell.myOrders")],
    ["/my/coupon", t("shell.myCoupons")],
    ["/my/purchased", t("shell.purchased")],
    [
      "/my/sfb",
      creditMinor !== null && creditMinor > 0
        ? t("shell.inviteRewardsCredit", {
            amount: formatPrice(creditMinor, { currencySymbol: "HK$", minorDigits: 2 }),
          })
        : t("shell.inviteRewards"),
    ],
    [
      "/ucenter/push",
      unread > 0 ? t("shell.notificationCentreUnread", { count: unread }) : t("shell.notificationCentre"),
    ],
  ];

  return (
    <div className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        <Icon name="user" />
        {/* WCAG 2.5.3: the accessible name starts with the visible (shortened) nickname. */}
        <bdi title={nickName}>{shortName}</bdi>
        <span className="sr-only">
          {" "}
          {withIsolated((params) => t("shell.accountMenu", params), "name", nickName)}
        </span>
        <Icon name="chevronDown" className="size-4" />
      </button>
      {open && (
        <ul
          ref={popup}
          id={menuId}
          className="absolute right-0 top-full z-[1050] mt-2 w-56 rounded-xl border border-slate-200 bg-white py-2 shadow-xl"
        >
          {items.map(([path, label]) => (
            <li key={path}>
              <Link
                to={href(path)}
                onClick={close}
                className="block px-4 py-2 text-sm text-slate-800 hover:bg-slate-100"
              >
                {label}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-slate-200 pt-1">
            <button
              type="button"
              onClick={() => void logout()}
              className="block w-full px-4 py-2 text-left text-sm text-slate-800 hover:bg-slate-100"
            >
              {t("shell.logout")}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
