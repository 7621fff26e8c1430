import { useI18n } from "../../lib/i18n.tsx";
import { formatDay } from "../../lib/time.ts";
import { OperatorDocument } from "./OperatorDocument.tsx";

/** /ucenter/about-us and /ucenter/join-us: a title, a summary and the operator's page (ADR 0200). */
export function InfoPage({
  page,
}: {
  page: { title: string; summary: string; body: string; updatedAt: string; lang: string };
}) {
  const { t } = useI18n();
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 md:px-6 md:py-12">
      <h1 className="text-3xl font-bold text-slate-900">{page.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{page.summary}</p>
      <OperatorDocument html={page.body} />
      <p className="mt-10 text-sm text-slate-600">
        {t("pages.updated", { date: formatDay(page.updatedAt, page.lang) })}
      </p>
    </article>
  );
}
