import { useI18n } from "../../lib/i18n.tsx";

/** spec 3: unitPrice, with displayPrice struck through unless it is empty or equal. */
export function PriceTag({
  unitPrice,
  displayPrice,
  size = "md",
}: {
  unitPrice: number;
  displayPrice: number | null;
  size?: "md" | "lg";
}) {
  const { t, price } = useI18n();
  const struck = displayPrice !== null && displayPrice !== unitPrice ? displayPrice : null;
  return (
    <p className="flex flex-wrap items-baseline gap-2">
      <span className={`font-bold text-slate-900 ${size === "lg" ? "text-3xl" : "text-lg"}`}>
        {struck !== null && <span className="sr-only">{t("discovery.nowPrice", { price: "" })}</span>}
        <span data-testid="unit-price">{price(unitPrice)}</span>
      </span>
      {struck !== null && (
        <s className="text-sm text-slate-600" data-testid="display-price">
          <span className="sr-only">{t("discovery.wasPrice", { price: "" })}</span>
          {price(struck)}
        </s>
      )}
    </p>
  );
}
