import { Form, NavLink } from "react-router";
import type { ConsoleMessageKey } from "../../../core/i18n/console/index.ts";
import type { Permission } from "../../../server/modules/admin/permissions.ts";
import type { ConsoleOperator } from "./console.server.ts";
import { useConsoleT } from "./i18n.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { roleKey, secondaryButtonClass } from "./ui.tsx";

export interface ConsoleSection {
  to: string;
  label: ConsoleMessageKey;
  /** The permission the section's page needs; the link shows only to roles that hold it. */
  permission: Permission;
  end?: boolean;
}

/**
 * The console's sections, in navigation order. A new section adds one line here (and its route in
 * app/routes.ts under the "admin-console" layout).
 */
export const CONSOLE_SECTIONS: ConsoleSection[] = [
  { to: "/admin", label: "console.nav.dashboard", permission: "dashboard.read", end: true },
  { to: "/admin/orders", label: "console.nav.orders", permission: "orders.read" },
  { to: "/admin/refunds/requests", label: "console.nav.refundRequests", permission: "orders.read" },
  { to: "/admin/refunds/policy", label: "console.nav.refundPolicy", permission: "orders.read" },
  { to: "/admin/customers", label: "console.nav.customers", permission: "customers.read" },
  { to: "/admin/esims", label: "console.nav.esims", permission: "esims.read" },
  { to: "/admin/operators", label: "console.nav.operators", permission: "operators.manage" },
  { to: "/admin/catalog/plans", label: "console.nav.plans", permission: "catalog.read" },
  { to: "/admin/catalog/destinations", label: "console.nav.destinations", permission: "catalog.read" },
  { to: "/admin/pricing", label: "console.nav.pricing", permission: "catalog.read" },
  { to: "/admin/catalog/sheet", label: "console.nav.sheet", permission: "catalog.read" },
  { to: "/admin/suppliers", label: "console.nav.suppliers", permission: "suppliers.read" },
  { to: "/admin/reconciliation", label: "console.nav.reconciliation", permission: "reconciliation.read" },
  { to: "/admin/marketing/coupons", label: "console.nav.coupons", permission: "marketing.read" },
  { to: "/admin/marketing/campaigns", label: "console.nav.campaigns", permission: "marketing.read" },
  { to: "/admin/marketing/words", label: "console.nav.words", permission: "marketing.read" },
  { to: "/admin/marketing/invite", label: "console.nav.invite", permission: "marketing.read" },
  { to: "/admin/content", label: "console.nav.content", permission: "content.read", end: true },
  { to: "/admin/content/reviews", label: "console.nav.reviews", permission: "content.read" },
  { to: "/admin/audit", label: "console.nav.audit", permission: "audit.read" },
  { to: "/admin/pages", label: "console.nav.pages", permission: "pages.read" },
  { to: "/admin/content/media", label: "console.nav.media", permission: "pages.read" },
];

export function ConsoleFrame({
  operator,
  children,
}: {
  operator: ConsoleOperator;
  children: React.ReactNode;
}) {
  const t = useConsoleT();
  const sections = CONSOLE_SECTIONS.filter((section) => operator.permissions.includes(section.permission));
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:bg-white focus:p-2"
      >
        {t("console.skipToContent")}
      </a>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-300 bg-white px-6 py-3">
        <p className="font-semibold">{t("console.title")}</p>
        <div className="flex flex-wrap items-center gap-4">
          {operator.permissions.includes("orders.read") ? (
            // The one search (issue 29): orders by name, e-mail, phone, code, ICCID or plan name.
            <Form method="get" action="/admin/orders" aria-label={t("console.search.label")}>
              <label htmlFor="console-search" className="sr-only">
                {t("console.search.label")}
              </label>
              <input
                id="console-search"
                type="search"
                name="q"
                placeholder={t("console.search.placeholder")}
                className="w-64 rounded border border-slate-500 px-2 py-1 text-sm"
              />
            </Form>
          ) : null}
          <p className="text-sm">
            {t("console.signedInAs", { name: operator.displayName, role: t(roleKey(operator.role)) })}
          </p>
          <LanguageSwitch />
          <Form method="post" action="/admin/logout">
            <button type="submit" className={secondaryButtonClass}>
              {t("console.signOut")}
            </button>
          </Form>
        </div>
      </header>
      <div className="flex flex-col md:flex-row">
        <nav
          aria-label={t("console.nav.label")}
          className="border-r border-slate-300 bg-white md:w-52 md:min-h-screen"
        >
          <ul className="flex flex-wrap gap-1 p-3 md:flex-col">
            {sections.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  end={section.end}
                  className={({ isActive }) =>
                    `block rounded px-3 py-2 text-sm ${isActive ? "bg-blue-700 text-white" : "text-slate-900 hover:bg-slate-100"}`
                  }
                >
                  {t(section.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1 p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
