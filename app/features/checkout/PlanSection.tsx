import { useI18n } from "../../lib/i18n.tsx";
import { dataText, validityText } from "../catalog/plan-format.ts";
import { QuantityStepper } from "./QuantityStepper.tsx";
import { iccidTail } from "./types.ts";

/** The plan being bought: picture, name, allowance, unit price, and the quantity (or the eSIM a top-up is for). */
export function PlanSection({
  id,
  plan,
  unitPrice,
  topUpIccid,
  quantity,
  onQuantity,
  disabled,
}: {
  id: string;
  plan: Parameters<typeof dataText>[1] & {
    imageUrl: string;
    destinationName: string;
    title: string;
    validityDays: number;
    network: string;
  };
  /** The unit price, formatted. */
  unitPrice: string;
  topUpIccid: string | null;
  quantity: number;
  onQuantity: (quantity: number) => void;
  disabled: boolean;
}) {
  const { t } = useI18n();
  return (
    <section aria-labelledby={`${id}-plan`} className="rounded-2xl border border-slate-200 p-5">
      <h2 id={`${id}-plan`} className="text-lg font-semibold text-slate-900">
        {t("checkoutUi.planHeading")}
      </h2>
      <div className="mt-3 flex gap-4">
        <img
          src={plan.imageUrl}
          alt=""
          width={120}
          height={80}
          className="aspect-[3/2] w-28 shrink-0 rounded-xl object-cover"
        />
        <div className="min-w-0">
          <p className="text-sm text-slate-700">{plan.destinationName}</p>
          <p className="font-semibold text-slate-900">{plan.title}</p>
          <p className="text-sm text-slate-700">
            {dataText(t, plan)} · {validityText(t, plan.validityDays)} · {plan.network}
          </p>
          <p className="mt-1 text-sm text-slate-800">
            {t("checkoutUi.unitPrice")}: {unitPrice}
          </p>
        </div>
      </div>
      {topUpIccid && (
        <p className="mt-3 rounded-xl bg-brand-50 p-3 text-sm font-medium text-brand-900">
          {t("checkoutUi.topUp", { last: iccidTail(topUpIccid) })}
        </p>
      )}
      {/* A top-up adds data to one eSIM: no quantity, no delivery e-mail, nothing to install (issue 12). */}
      {!topUpIccid && (
        <div className="mt-4">
          <QuantityStepper value={quantity} onChange={onQuantity} disabled={disabled} />
        </div>
      )}
    </section>
  );
}
