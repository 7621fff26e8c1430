import type { ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";

/** The frame of the account pages: they have no top bar (spec 2), so a way home sits above the card. */
export function AuthCard({
  title,
  children,
  intro,
}: {
  title: string;
  children: ReactNode;
  intro?: ReactNode;
}) {
  const { t, href } = useI18n();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 md:py-12">
      <p className="mb-4">
        <Link to={href("/")} className="text-sm font-semibold text-brand-700 hover:underline">
          {t("app.name")}
        </Link>
      </p>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro && <div className="mt-2 text-sm text-slate-700">{intro}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
