import { useI18n } from "../../lib/i18n.tsx";

/** Store credit (issue 11): a tick box for what this order may take from the shopper's balance. */
export function CreditSection({
  id,
  checked,
  offeredMinor,
  worthMinor,
  disabled,
  money,
  onChange,
}: {
  id: string;
  checked: boolean;
  /** What the latest quote lets this order use. */
  offeredMinor: number;
  /** The whole balance, in the order's currency. */
  worthMinor: number;
  disabled: boolean;
  money: (amountMinor: number) => string;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <section aria-labelledby={`${id}-credit`} className="rounded-2xl border border-slate-200 p-5">
      <h2 id={`${id}-credit`} className="text-lg font-semibold text-slate-900">
        {t("checkoutUi.creditLine")}
      </h2>
      <label className="mt-2 flex items-center gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="size-5"
          checked={checked}
          disabled={disabled || (offeredMinor === 0 && !checked)}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        {t("checkoutUi.useCredit", { amount: money(offeredMinor), balance: money(worthMinor) })}
      </label>
    </section>
  );
}
