import Star from "lucide-react/icons/star";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { ReviewView } from "../../../server/modules/reviews/service.ts";
import { useApi } from "../../lib/api.ts";
import { HttpError } from "../../lib/http/client.ts";
import { useI18n } from "../../lib/i18n.tsx";

/**
 * Rating a completed order's plan (issue 12, ADR 0265): 1 to 5 stars and an optional short review, once per
 * order; afterwards the shopper sees what they wrote.
 */
export function RateOrder({ orderCode }: { orderCode: string }) {
  const { t } = useI18n();
  const api = useApi();
  const id = useId();
  const [review, setReview] = useState<ReviewView | null | undefined>(undefined);
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [thanked, setThanked] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .get<{ review: ReviewView | null }>(`/o2pcm/v1/customer/reviews/${encodeURIComponent(orderCode)}`)
      .then((answer) => live && setReview(answer.review))
      .catch(() => live && setReview(null));
    return () => {
      live = false;
    };
  }, [api, orderCode]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setError(t("discovery.reviews.ratingRange"));
      return;
    }
    setBusy(true);
    setError("");
    try {
      setReview(await api.post<ReviewView>("/o2pcm/v1/customer/reviews", { orderCode, rating, body }));
      setThanked(true);
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  if (review === undefined) return null;
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-4"
      aria-labelledby={`${id}-title`}
      data-rate-order
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {review ? t("discovery.reviews.yours") : t("discovery.reviews.rateTitle")}
      </h2>
      {review ? (
        <div className="mt-2 text-sm text-slate-800">
          {thanked && (
            <p role="status" className="mb-2 font-medium text-emerald-800">
              {t("discovery.reviews.thanks")}
            </p>
          )}
          <p>{t("discovery.reviews.stars", { rating: review.rating })}</p>
          {review.body && <p className="mt-1 break-words">{review.body}</p>}
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="mt-2 space-y-3" noValidate>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t("discovery.reviews.rateLabel")}</legend>
            <div className="mt-1 flex gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <label
                  key={n}
                  className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
                >
                  <input
                    type="radio"
                    name={`${id}-rating`}
                    value={n}
                    checked={rating === n}
                    onChange={() => {
                      setRating(n);
                      // A rating is chosen: the "choose a rating" error goes at once (issue 30).
                      setError("");
                    }}
                    className="sr-only"
                  />
                  <Star
                    aria-hidden="true"
                    className={`size-7 ${n <= rating ? "fill-amber-400 text-amber-500" : "text-slate-400"}`}
                  />
                  <span className="sr-only">{t("discovery.reviews.stars", { rating: n })}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={`${id}-body`} className="block text-sm font-medium text-slate-800">
              {t("discovery.reviews.bodyLabel")}
            </label>
            <textarea
              id={`${id}-body`}
              value={body}
              maxLength={500}
              rows={3}
              onChange={(event) => setBody(event.target.value)}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
          >
            {t("discovery.reviews.submit")}
          </button>
        </form>
      )}
    </section>
  );
}
