import { useI18n } from "../../lib/i18n.tsx";

/** The store's mark and name; the link around it carries the accessible name. */
export function Logo() {
  const { t } = useI18n();
  return (
    <span className="flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 md:size-9">
        <rect width="32" height="32" rx="9" fill="#0b5cff" />
        <path
          d="M9 22V10h7.5a4 4 0 0 1 0 8H13m3 0 5 4"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span aria-hidden="true" className="hidden text-lg font-bold tracking-tight text-slate-900 sm:inline">
        {t("app.name")}
      </span>
    </span>
  );
}
