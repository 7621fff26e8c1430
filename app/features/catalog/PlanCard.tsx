import { Link } from "react-router";
import type { ProductItem } from "../../../server/modules/catalog/product-list.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { PriceTag } from "./PriceTag.tsx";
import { dataText, validityText } from "./plan-format.ts";

const LABEL_STYLE: Record<string, string> = {
  PROMOTION: "bg-amber-100 text-amber-900",
  NETWORK: "bg-violet-100 text-violet-900",
  DATA: "bg-emerald-100 text-emerald-900",
  FEATURE: "bg-sky-100 text-sky-900",
};

/** One plan in the product list: destination, title, labels, data and validity, price and price per GB. */
export function PlanCard({ plan }: { plan: ProductItem }) {
  const { t, href, price } = useI18n();
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:shadow-md">
      <div className="flex items-center gap-3">
        <img
          src={plan.imageUrl}
          alt=""
          width={48}
          height={32}
          loading="lazy"
          className="h-8 w-12 shrink-0 rounded object-cover"
        />
        <p className="truncate text-sm text-slate-700">{plan.entityName}</p>
      </div>
      <h2 className="mt-3 text-base font-semibold text-slate-900">
        <Link to={href(`/pdp/${encodeURIComponent(plan.platformProductCode)}`)} className="after:absolute">
          {plan.title}
        </Link>
      </h2>
      {plan.labelList.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {plan.labelList.map((label, index) => (
            <li
              key={label}
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${LABEL_STYLE[plan.labelTypes[index] ?? ""] ?? "bg-slate-100 text-slate-800"}`}
            >
              {label}
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-600">{t("discovery.pdpData")}</dt>
          <dd className="font-medium text-slate-900">{dataText(t, plan)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("discovery.pdpValidity")}</dt>
          <dd className="font-medium text-slate-900">{validityText(t, plan.validityDays)}</dd>
        </div>
      </dl>
      <div className="mt-auto flex items-end justify-between gap-2 pt-4">
        <PriceTag unitPrice={plan.unitPrice} displayPrice={plan.displayPrice} />
        {plan.pricePerGb !== null && (
          <p className="text-xs text-slate-600">{t("discovery.perGb", { price: price(plan.pricePerGb) })}</p>
        )}
      </div>
    </article>
  );
}
