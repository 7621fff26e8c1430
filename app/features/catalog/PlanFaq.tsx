import { useI18n } from "../../lib/i18n.tsx";

const QUESTIONS = [
  ["discovery.faq1q", "discovery.faq1a"],
  ["discovery.faq2q", "discovery.faq2a"],
  ["discovery.faq3q", "discovery.faq3a"],
] as const;

/** The product page's FAQ: native disclosure widgets, so it works before hydration and with any input. */
export function PlanFaq() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="plan-faq" className="rounded-2xl border border-slate-200 p-5">
      <h2 id="plan-faq" className="text-lg font-semibold text-slate-900">
        {t("discovery.faqTitle")}
      </h2>
      <div className="mt-2 divide-y divide-slate-100">
        {QUESTIONS.map(([question, answer]) => (
          <details key={question} className="py-3">
            <summary className="cursor-pointer font-medium text-slate-900">{t(question)}</summary>
            <p className="mt-2 text-sm text-slate-700">{t(answer)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
