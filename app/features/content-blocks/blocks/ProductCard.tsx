import type { BlockProduct } from "../../../../server/modules/content/types.ts";
import { useI18n } from "../../../lib/i18n.tsx";
import { BlockLink } from "../BlockLink.tsx";
import { ContentImage } from "../ContentImage.tsx";

/** A plan as product blocks show it (spec 3 Product): the price in the shopper's currency, the original struck. */
export function ProductCard({
  product,
  showNew = false,
  eager = false,
  compact = false,
}: {
  product: BlockProduct;
  showNew?: boolean;
  eager?: boolean;
  compact?: boolean;
}) {
  const { t, price } = useI18n();
  // spec 3: the struck-through price is hidden when empty or equal to unitPrice.
  const original =
    product.displayPrice != null && product.displayPrice !== product.unitPrice ? product.displayPrice : null;
  const isNew = showNew && "NEW" in product.labelRelProductMap;
  const labels = Object.entries(product.labelRelProductMap).filter(([code]) => code !== "NEW");
  return (
    <BlockLink
      action={{ code: "PDP", data: { platformProductCode: product.platformProductCode } }}
      className={compact ? "plan-card flex-row" : "plan-card flex-col"}
    >
      <ContentImage
        src={product.imageUrl}
        alt=""
        width={800}
        height={500}
        ratioInCss
        eager={eager}
        className={compact ? "w-32 shrink-0" : ""}
      />
      {isNew && (
        <span
          className="absolute left-2 top-2 rounded bg-rose-700 px-2 py-0.5 text-xs font-semibold text-white"
          data-new-label
        >
          {t("content.recommend.new")}
        </span>
      )}
      {/* The body and its parts are styled by their place (app/app.css .plan-card): keep their order. */}
      <span>
        <span>{product.entityName}</span>
        <span>{product.title}</span>
        {labels.length > 0 && (
          <span>
            {labels.slice(0, 3).map(([code, name]) => (
              <span key={code}>{name}</span>
            ))}
          </span>
        )}
        <span>
          <span data-price="">{price(product.unitPrice)}</span>
          {original !== null && (
            <>
              <span className="sr-only">{t("content.product.was", { price: price(original) })}</span>
              <s className="text-sm text-slate-600" aria-hidden="true">
                {price(original)}
              </s>
            </>
          )}
        </span>
      </span>
    </BlockLink>
  );
}
