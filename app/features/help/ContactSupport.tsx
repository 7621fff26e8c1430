import { useI18n } from "../../lib/i18n.tsx";

/** How to reach support from the help pages. */
export function ContactSupport() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="help-contact" className="mt-12 rounded-2xl bg-slate-50 p-6">
      <h2 id="help-contact" className="text-lg font-semibold text-slate-900">
        {t("help.contact.title")}
      </h2>
      <p className="mt-1 text-slate-700">{t("help.contact.text")}</p>
      <a
        href={`mailto:${t("shell.contactEmailValue")}`}
        className="mt-4 inline-block rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {t("help.contact.link")}
      </a>
    </section>
  );
}
