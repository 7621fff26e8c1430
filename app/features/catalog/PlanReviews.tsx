import Star from "lucide-react/icons/star";
import type { ReviewSummary, ReviewView } from "../../../server/modules/reviews/service.ts";
import { useI18n } from "../../lib/i18n.tsx";

function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex shrink-0 gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`size-4 ${n <= Math.round(rating) ? "fill-amber-400 text-amber-500" : "text-slate-300"}`}
        />
      ))}
    </span>
  );
}

/** The recent reviews with the day each was written, as the loader formats it (core/day.ts, ADR 0296). */
export type DatedReviews = Omit<ReviewSummary, "recent"> & { recent: (ReviewView & { day: string })[] };

/** The product page's ratings (issue 12, ADR 0265): the average of visible reviews and the recent ones. */
export function PlanReviews({ reviews }: { reviews: DatedReviews }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="plan-reviews" className="rounded-2xl border border-slate-200 p-5" data-reviews>
      <h2 id="plan-reviews" className="text-lg font-semibold text-slate-900">
        {t("discovery.reviews.title")}
      </h2>
      {reviews.count === 0 || reviews.average === null ? (
        <p className="mt-2 text-sm text-slate-700">{t("discovery.reviews.none")}</p>
      ) : (
        <>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-800" data-review-average>
            <Stars
              rating={reviews.average}
              label={t("discovery.reviews.stars", { rating: reviews.average })}
            />
            <span className="font-semibold">
              {t("discovery.reviews.average", { average: reviews.average })}
            </span>
            <span className="text-slate-600">· {t("discovery.reviews.count", { count: reviews.count })}</span>
          </p>
          <ul className="mt-4 space-y-4">
            {reviews.recent.map((review) => (
              <li key={review.id} className="border-t border-slate-100 pt-3 text-sm" data-review>
                <div className="flex flex-wrap items-center gap-2">
                  <Stars
                    rating={review.rating}
                    label={t("discovery.reviews.stars", { rating: review.rating })}
                  />
                  <span className="text-slate-600">
                    {t("discovery.reviews.verified")} · {review.day}
                  </span>
                </div>
                {review.body && <p className="mt-1 break-words text-slate-800">{review.body}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
