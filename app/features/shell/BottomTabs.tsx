import { NavLink } from "react-router";
import type { MessageKey } from "../../../core/i18n/index.ts";
import { Icon, type IconName } from "../../components/ui/Icon.tsx";
import { useI18n } from "../../lib/i18n.tsx";

const TABS: { path: string; label: MessageKey; icon: IconName }[] = [
  { path: "/", label: "shell.tabExplore", icon: "home" },
  { path: "/category", label: "shell.tabStore", icon: "store" },
  { path: "/ucenter/eSIM", label: "shell.tabMyEsim", icon: "sim" },
  { path: "/my/userInfo", label: "shell.tabProfile", icon: "user" },
];

/** spec 2: mobile bottom tabs, on the fixed layer (spec 9: 1050). */
export function BottomTabs({ className }: { className: string }) {
  const { t, href } = useI18n();
  return (
    <nav
      aria-label={t("shell.tabs")}
      className={`${className} fixed inset-x-0 bottom-0 z-[1050] border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]`}
    >
      <ul className="grid h-16 grid-cols-4">
        {TABS.map((tab) => (
          <li key={tab.path}>
            <NavLink
              to={href(tab.path)}
              end
              className={({ isActive }) => `tab-link ${isActive ? "text-brand-700" : "text-slate-700"}`}
            >
              <Icon name={tab.icon} className="size-6" />
              {t(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
