import { Link } from "react-router";
import { LEGAL_PAGE_KINDS, type LegalPageKind } from "../../../core/legal-page.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDay } from "../../lib/time.ts";
import { OperatorDocument } from "./OperatorDocument.tsx";

export interface LegalDocumentData {
  kind: LegalPageKind;
  lang: string;
  version: number;
  title: string;
  body: string;
  effectiveAt: string;
  versions: { version: number; effectiveAt: string }[];
}

/** spec 2 /pageHtml: a legal document with its version and effective date, its earlier versions, the others. */
export function LegalDocument({
  document,
  children,
}: {
  document: LegalDocumentData;
  /** What the page shows from live data before the document's text (the refund policy's terms, ADR 0353). */
  children?: React.ReactNode;
}) {
  const { t, href } = useI18n();
  const day = (iso: string) => formatDay(iso, document.lang);
  const current = document.versions[0]?.version;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 md:px-6 md:py-12">
      <h1 className="text-3xl font-bold text-slate-900">{document.title}</h1>
      <p className="mt-2 text-sm text-slate-700">
        {t("pages.legal.versionLine", { version: document.version, date: day(document.effectiveAt) })}
      </p>
      {children}
      <OperatorDocument html={document.body} />
      {document.versions.length > 1 && (
        <section aria-labelledby="legal-versions" className="mt-10">
          <h2 id="legal-versions" className="text-base font-semibold text-slate-900">
            {t("pages.legal.earlier")}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {document.versions.map((v) => (
              <li key={v.version}>
                <Link
                  className="text-brand-700 underline"
                  to={href(`/pageHtml?htmlType=${document.kind}&version=${v.version}`)}
                  aria-current={v.version === document.version ? "page" : undefined}
                >
                  {t("pages.legal.versionLine", { version: v.version, date: day(v.effectiveAt) })}
                </Link>
                {v.version === current && ` ${t("pages.legal.current")}`}
              </li>
            ))}
          </ul>
        </section>
      )}
      <nav aria-labelledby="legal-others" className="mt-10 border-t border-slate-200 pt-6">
        <h2 id="legal-others" className="text-base font-semibold text-slate-900">
          {t("pages.legal.others")}
        </h2>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {LEGAL_PAGE_KINDS.filter((kind) => kind !== document.kind).map((kind) => (
            <li key={kind}>
              <Link className="text-brand-700 underline" to={href(`/pageHtml?htmlType=${kind}`)}>
                {t(`pages.legal.kind.${kind}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
