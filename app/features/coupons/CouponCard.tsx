import type { ReactNode } from "react";
import type { WalletCouponView } from "../../../server/modules/coupon/service.ts";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import { formatDay } from "../../lib/time.ts";
import { currencyFormat } from "../orders/format.ts";

type CardCoupon = Pick<
  WalletCouponView,
  | "code"
  | "name"
  | "description"
  | "valueLabel"
  | "minimumSpend"
  | "minimumSpendCurrency"
  | "startTime"
  | "endTime"
> & { scopes?: WalletCouponView["scopes"] };

/**
 * One coupon as a ticket (spec 3, 5): its value (8.5折 in Chinese, 15% off in English; a reduction with its
 * currency symbol), the minimum spend, the dates, what it applies to, and an action slot.
 */
export function CouponCard({
  coupon,
  muted = false,
  note,
  children,
}: {
  coupon: CardCoupon;
  muted?: boolean;
  note?: string;
  children?: ReactNode;
}) {
  const { t, price, locale } = useI18n();
  const { site } = useRootData();
  const spendFormat = currencyFormat(site.supportCurrencyList, coupon.minimumSpendCurrency);
  const scopes = coupon.scopes;
  return (
    <article
      className={`flex overflow-hidden rounded-2xl border ${
        muted ? "border-slate-300 bg-slate-50" : "border-rose-300 bg-rose-50"
      }`}
      data-coupon={coupon.code}
    >
      <div
        className={`flex w-28 shrink-0 flex-col items-center justify-center border-r border-dashed p-3 text-center ${
          muted ? "border-slate-300" : "border-rose-300"
        }`}
      >
        <span
          className={`text-2xl font-bold leading-tight ${muted ? "text-slate-700" : "text-rose-800"}`}
          data-coupon-value
        >
          {coupon.valueLabel}
        </span>
        <span className="mt-1 text-xs text-slate-700">
          {coupon.minimumSpend > 0
            ? t("ordersUi.coupons.minimumSpend", { amount: price(coupon.minimumSpend, false, spendFormat) })
            : t("ordersUi.coupons.noMinimum")}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
        <h3 className="font-semibold text-slate-900">{coupon.name}</h3>
        {coupon.description && <p className="text-sm text-slate-800">{coupon.description}</p>}
        {scopes && (
          <p className="text-sm text-slate-800" data-coupon-scope>
            {scopes.length === 0
              ? t("ordersUi.coupons.scopeAll")
              : t("ordersUi.coupons.scope", {
                  names: scopes.map((s) => s.name).join(locale === "en_US" ? ", " : "、"),
                })}
          </p>
        )}
        <p className="text-xs text-slate-700">
          {t("ordersUi.coupons.validity", {
            start: formatDay(coupon.startTime, locale),
            end: formatDay(coupon.endTime, locale),
          })}
        </p>
        {note && <p className="text-xs font-medium text-slate-800">{note}</p>}
        {children && <div className="mt-1">{children}</div>}
      </div>
    </article>
  );
}
