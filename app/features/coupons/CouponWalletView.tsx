import { Link } from "react-router";
import type { WalletCouponView } from "../../../server/modules/coupon/service.ts";
import { ShowMoreLink } from "../../components/ui/ShowMoreLink.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDay } from "../../lib/time.ts";
import { CouponCard } from "./CouponCard.tsx";
import { WALLET_STATES, type WalletTab } from "./wallet-states.ts";

export interface WalletData {
  state: WalletTab;
  coupons: WalletCouponView[];
  total: number;
}

/**
 * spec 2 /my/coupon and /ucenter/coupon: the shopper's coupons by state: available, used, expired, 20 at a time
 * with "Show more" (ADR 0152).
 */
export function CouponWalletView({
  data,
  base,
}: {
  data: WalletData;
  base: "/my/coupon" | "/ucenter/coupon";
}) {
  const { t, href, locale } = useI18n();
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">{t("ordersUi.coupons.title")}</h1>
      <nav aria-label={t("ordersUi.coupons.tabs")} className="mt-4">
        <ul className="flex gap-1 border-b border-slate-200">
          {WALLET_STATES.map((state) => {
            const current = state === data.state;
            return (
              <li key={state}>
                <Link
                  to={`${href(base)}${state === "available" ? "" : `?state=${state}`}`}
                  aria-current={current ? "page" : undefined}
                  className={`block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                    current
                      ? "border-brand-700 text-brand-900"
                      : "border-transparent text-slate-700 hover:text-slate-900"
                  }`}
                >
                  {t(`ordersUi.coupons.tab.${state}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {data.coupons.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-800">
          {t(`ordersUi.coupons.empty.${data.state}`)}
        </p>
      ) : (
        <ul id="coupon-list" className="mt-4 grid grid-cols-1 gap-3 lg:grid-cols-2" data-wallet={data.state}>
          {data.coupons.map((coupon) => (
            <li key={coupon.customerCouponId}>
              <CouponCard
                coupon={coupon}
                muted={data.state !== "available"}
                note={
                  data.state === "used" && coupon.usedAt
                    ? t("ordersUi.coupons.usedOn", { date: formatDay(coupon.usedAt, locale) })
                    : data.state === "expired"
                      ? t("ordersUi.coupons.expiredOn", { date: formatDay(coupon.endTime, locale) })
                      : undefined
                }
              >
                {data.state === "available" && (
                  <Link
                    to={href("/plp")}
                    className="inline-flex min-h-11 items-center rounded-full bg-rose-700 px-5 text-sm font-semibold text-white hover:bg-rose-800"
                  >
                    {t("ordersUi.coupons.use")}
                    <span className="sr-only"> {coupon.name}</span>
                  </Link>
                )}
              </CouponCard>
            </li>
          ))}
        </ul>
      )}
      <ShowMoreLink
        shown={data.coupons.length}
        total={data.total}
        label={t("ordersUi.coupons.more")}
        list="coupon-list"
      />
    </section>
  );
}
