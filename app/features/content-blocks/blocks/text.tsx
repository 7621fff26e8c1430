import { Link } from "react-router";
import { Icon } from "../../../components/ui/Icon.tsx";
import { useI18n } from "../../../lib/i18n.tsx";
import { BlockLink } from "../BlockLink.tsx";
import { type BlockProps, dataOf, str } from "../block-props.ts";

/** spec 4: a single line, or clamped to two lines. */
export function TextBlock({ component }: BlockProps) {
  const data = dataOf(component, "Text");
  const lines = data.lines === 2 ? 2 : 1;
  return (
    <p className={lines === 2 ? "line-clamp-2" : "truncate"} data-lines={lines}>
      {data.text ?? ""}
    </p>
  );
}

export function ButtonBlock({ component }: BlockProps) {
  const data = dataOf(component, "Button");
  const primary = data.variant !== "secondary";
  return (
    <BlockLink
      action={component.action}
      className={`inline-flex min-h-11 items-center justify-center rounded-full px-6 font-semibold ${
        primary ? "bg-brand-700 text-white hover:bg-brand-900" : "border border-brand-700 text-brand-700"
      }`}
    >
      {data.text ?? ""}
    </BlockLink>
  );
}

/**
 * Rich text and custom HTML: operator HTML that the server has already sanitized (ADR 0070); the browser ships
 * no sanitizer and inserts it as it comes.
 */
export function OperatorHtml({ component }: BlockProps) {
  return (
    <div
      className="operator-html space-y-2 [&_a]:text-brand-700 [&_a]:underline [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (server/modules/content/sanitize.ts)
      dangerouslySetInnerHTML={{ __html: str(component.data.html) }}
    />
  );
}

/** A stand-in for the product list page's search bar: opens the search overlay (spec 2 ?searchDialog=true). */
export function SearchBarPlaceholder({ component }: BlockProps) {
  const { href, t } = useI18n();
  const placeholder = str(component.data.placeholder) || t("content.link.search");
  return (
    <Link
      to={href("/?searchDialog=true")}
      className="flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-slate-700 shadow-sm"
      data-search-placeholder
    >
      <Icon name="search" className="size-5 shrink-0" />
      <span>{placeholder}</span>
    </Link>
  );
}

/** spec 9: 10 skeleton items stand in for a product list, each with the product-count placeholder (3.5万人付款). */
export function ProductListPlaceholder({ component }: BlockProps) {
  const { t } = useI18n();
  const count = Math.min(Math.max(Math.trunc(dataOf(component, "ProductListPlaceholder").count), 1), 20);
  return (
    <div
      role="status"
      aria-label={t("content.productList.loading")}
      className="grid grid-cols-2 gap-3 md:grid-cols-5"
    >
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: document items carry no ids and never reorder
        <div key={index} className="flex h-40 flex-col justify-end rounded-xl bg-slate-100 p-3" data-skeleton>
          <div className="h-20 animate-pulse rounded-lg bg-slate-200" />
          {/* spec 9: the product-count placeholder of a skeleton card; the list's status label speaks for it. */}
          <span aria-hidden="true" className="mt-2 text-xs text-slate-700">
            {t("content.productList.countPlaceholder")}
          </span>
        </div>
      ))}
    </div>
  );
}
