import { useState } from "react";
import { useApi } from "../../lib/api.ts";
import { useI18n } from "../../lib/i18n.tsx";

/** "Was this helpful?" under a help article: one answer per shopper, which they may change. */
export function WasThisHelpful({ slug }: { slug: string }) {
  const { t } = useI18n();
  const api = useApi();
  const [answer, setAnswer] = useState<boolean | null>(null);
  const [sending, setSending] = useState(false);

  async function send(helpful: boolean) {
    setSending(true);
    try {
      await api.post(`/o2cms/v1/pub/help/articles/${slug}/feedback`, { helpful });
      setAnswer(helpful);
    } finally {
      setSending(false);
    }
  }

  const button = (helpful: boolean, label: string) => (
    <button
      type="button"
      disabled={sending}
      aria-pressed={answer === helpful}
      onClick={() => void send(helpful)}
      className="rounded-full border border-slate-400 px-4 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
    >
      {label}
    </button>
  );
  return (
    <section aria-labelledby="help-helpful" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="help-helpful" className="text-base font-semibold text-slate-900">
        {t("help.helpful.question")}
      </h2>
      <div className="mt-3 flex gap-3">
        {button(true, t("help.helpful.yes"))}
        {button(false, t("help.helpful.no"))}
      </div>
      <p role="status" className="mt-2 text-sm text-slate-700">
        {answer === null ? "" : answer ? t("help.helpful.thanks") : t("help.helpful.sorry")}
      </p>
    </section>
  );
}
