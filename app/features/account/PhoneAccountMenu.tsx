import { Link } from "react-router";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import { notify } from "../../lib/notify.ts";

const rowClass = "block w-full px-4 py-3 text-left text-base text-slate-800 hover:bg-slate-50";

/**
 * Issue 30: the phone's account page (the profile tab) reaches what the header's account menu offers on a wide
 * screen: the notifications with their unread count, the settings (language and currency) and logging out.
 */
export function PhoneAccountMenu() {
  const { t, href } = useI18n();
  const { user } = useRootData();
  if (!user) return null;
  const unread = Number(user.unreadNotifications) || 0;

  const logout = async () => {
    if (!(await notify.dialog({ title: t("shell.logoutConfirm") }))) return;
    // spec 4: logout clears the session (the same call as the header's menu).
    await fetch("/o2cum/v1/customer/logout", { credentials: "same-origin" }).catch(() => undefined);
    window.location.assign(href("/"));
  };

  return (
    <nav aria-label={t("accountUi.my.shortcuts")} className="md:hidden">
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
        <li>
          <Link to={href("/ucenter/push")} className={rowClass}>
            {unread > 0
              ? t("shell.notificationCentreUnread", { count: unread })
              : t("shell.notificationCentre")}
          </Link>
        </li>
        <li>
          <Link to={href("/logins/preference")} className={rowClass}>
            {t("accountUi.my.settings")}
          </Link>
        </li>
        <li>
          <button type="button" onClick={() => void logout()} className={rowClass}>
            {t("shell.logout")}
          </button>
        </li>
      </ul>
    </nav>
  );
}
