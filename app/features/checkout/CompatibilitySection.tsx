import { Link } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";

/** A reminder that the phone must support eSIM, with a link to the compatibility list. */
export function CompatibilitySection({ id }: { id: string }) {
  const { t, href } = useI18n();
  return (
    <section aria-labelledby={`${id}-compat`} className="rounded-2xl border border-slate-200 p-5">
      <h2 id={`${id}-compat`} className="text-lg font-semibold text-slate-900">
        {t("checkoutUi.compatHeading")}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t("checkoutUi.compatText")}</p>
      <Link
        to={`${href("/install")}#compatibility`}
        className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
      >
        {t("checkoutUi.compatLink")}
      </Link>
    </section>
  );
}
