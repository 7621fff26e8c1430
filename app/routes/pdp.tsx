import { Link } from "react-router";
import { formatDay } from "../../core/day.ts";
import { localePath } from "../../core/locale-path.ts";
import { appContext } from "../context.ts";
import { ShareButton } from "../features/app-bridge/ShareButton.tsx";
import { CoverageList } from "../features/catalog/CoverageList.tsx";
import { destinationPlansPath } from "../features/catalog/destination-link.ts";
import { PlanFaq } from "../features/catalog/PlanFaq.tsx";
import { PlanReviews } from "../features/catalog/PlanReviews.tsx";
import { PriceTag } from "../features/catalog/PriceTag.tsx";
import { loadPlanOr404 } from "../features/catalog/plan.server.ts";
import { dataText, validityText } from "../features/catalog/plan-format.ts";
import { switcherPlans } from "../features/catalog/plan-switcher.ts";
import { TrustPanel } from "../features/catalog/TrustPanel.tsx";
import { useI18n } from "../lib/i18n.tsx";
import { rootMessages } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/pdp";

export const handle = { messages: ["discovery"] } satisfies MessagesHandle;

/** Integer minor units as a decimal string ("1200", 2 → "12.00") for structured data; no floats. */
function decimal(amountMinor: number, digits: number): string {
  if (digits === 0) return String(amountMinor);
  const text = String(amountMinor).padStart(digits + 1, "0");
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

// spec 2 /pdp/{id}: id is the platformProductCode; an unknown or withdrawn plan is a 404 'Page Not Found'.
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { services, request: info } = app;
  const code = params.id;
  const plan = await loadPlanOr404(app, code);
  const [offers, siblings, reviews] = await Promise.all([
    services.productList.offers(code),
    services.catalog.listPlansForDestination(plan.destinationCode, plan.currencyCode, info.locale),
    services.reviews.summary(code),
  ]);
  const path = `/pdp/${encodeURIComponent(code)}`;
  return {
    plan,
    // ADR 0296: each review's day written here, in the page's locale, so hydration makes no `Intl` object for it.
    reviews: {
      ...reviews,
      recent: reviews.recent.map((review) => ({ ...review, day: formatDay(review.createdAt, info.locale) })),
    },
    // A destination with many plans shows those nearest this one and links to the rest (ADR 0299).
    siblingCount: siblings.length,
    siblings: switcherPlans(plan, siblings).map((s) => ({
      platformProductCode: s.platformProductCode,
      title: s.title,
      dataMb: s.dataMb,
      unlimited: s.unlimited,
      dailyHighSpeedMb: s.dailyHighSpeedMb,
      validityDays: s.validityDays,
      unitPrice: s.unitPrice,
    })),
    // SEO: the unprefixed URL is canonical for en_US (ADR 0002), and the image is the destination's art.
    canonical: `${info.origin}${localePath(info.locale, path, true)}`,
    image: `${info.origin}${plan.imageUrl}`,
    offers: offers.map((offer) => ({
      "@type": "Offer",
      price: decimal(offer.unitPrice, offer.minorDigits),
      priceCurrency: offer.currencyCode,
      availability: "https://schema.org/InStock",
      url: `${info.origin}${localePath(info.locale, path, true)}`,
    })),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = rootMessages(matches)?.["app.name"] ?? "eSIM";
  if (!loaderData) return [{ title: site }];
  const { plan, canonical, image, offers, reviews } = loaderData;
  const description = `${plan.title} · ${plan.destinationName} · ${plan.validityDays}d`;
  return [
    { title: `${plan.title} | ${site}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "product" },
    { property: "og:title", content: plan.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Product",
        name: plan.title,
        sku: plan.platformProductCode,
        image,
        description,
        category: "eSIM data plan",
        offers,
        // Issue 12 (ADR 0265): a rating only when real reviews exist.
        ...(reviews.count > 0 && reviews.average !== null
          ? {
              aggregateRating: {
                "@type": "AggregateRating",
                ratingValue: reviews.average,
                reviewCount: reviews.count,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
    },
  ];
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { t, href, price } = useI18n();
  const { plan, siblings, siblingCount, reviews } = loaderData;
  const checkout = href(
    `/checkout?platformProductCode=${encodeURIComponent(plan.platformProductCode)}&quantity=1`,
  );
  // Everyone goes to checkout: a visitor logs in there, in its authentication popup, and stays (spec 2, ADR 0110).

  return (
    <div className="mx-auto max-w-[1100px] px-4 pt-6 pb-28 md:px-6 md:py-10">
      <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {/* The page's largest picture (Lighthouse's LCP element on a phone): fetched first (ADR 0285). */}
        <img
          src={plan.imageUrl}
          alt=""
          width={600}
          height={400}
          fetchPriority="high"
          className="aspect-[3/2] w-full rounded-2xl object-cover"
        />
        <div>
          <p className="text-sm text-slate-700">{plan.destinationName}</p>
          <h1 className="mt-1 text-2xl font-bold text-slate-900 md:text-3xl">{plan.title}</h1>
          {plan.labels.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-1.5">
              {plan.labels.map((label) => (
                <li
                  key={label.labelCode}
                  className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800"
                >
                  {label.labelName}
                </li>
              ))}
            </ul>
          )}
          <div className="mt-4">
            <PriceTag unitPrice={plan.unitPrice} displayPrice={plan.displayPrice} size="lg" />
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-3 rounded-2xl bg-slate-50 p-4 text-sm">
            <div>
              <dt className="text-slate-600">{t("discovery.pdpData")}</dt>
              <dd className="font-semibold text-slate-900">{dataText(t, plan)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t("discovery.pdpValidity")}</dt>
              <dd className="font-semibold text-slate-900">{validityText(t, plan.validityDays)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t("discovery.pdpNetwork")}</dt>
              <dd className="font-semibold text-slate-900">{plan.network}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t("discovery.pdpHotspot")}</dt>
              <dd className="font-semibold text-slate-900">
                {plan.hotspot ? t("discovery.hotspotYes") : t("discovery.hotspotNo")}
              </dd>
            </div>
          </dl>
          <Link
            to={checkout}
            className="mt-6 block rounded-full bg-brand-700 px-6 py-3 text-center text-base font-semibold text-white hover:bg-brand-900"
          >
            {t("discovery.buy")}
          </Link>
          <div className="mt-3 flex justify-center">
            <ShareButton
              title={plan.title}
              path={href(`/pdp/${encodeURIComponent(plan.platformProductCode)}`)}
              label={t("inApp.sharePlan")}
            />
          </div>
          {/* Issue 12 (ADR 0263): on a phone the Buy button stays in reach at the foot of the screen. */}
          <div
            className="fixed inset-x-0 bottom-0 z-40 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur md:hidden"
            data-buy-bar
          >
            <div className="min-w-0 flex-1">
              <p className="truncate text-xs text-slate-700">{plan.title}</p>
              <p className="text-lg font-bold whitespace-nowrap text-slate-900">{price(plan.unitPrice)}</p>
            </div>
            <Link
              to={checkout}
              className="shrink-0 rounded-full bg-brand-700 px-5 py-3 text-base font-semibold whitespace-nowrap text-white hover:bg-brand-900"
            >
              {t("discovery.buyBar")}
            </Link>
          </div>
          {siblings.length > 1 && (
            <nav aria-labelledby="plan-switcher" className="mt-6">
              <h2 id="plan-switcher" className="text-sm font-semibold text-slate-900">
                {t("discovery.switcher", { name: plan.destinationName })}
              </h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {siblings.map((sibling) => {
                  const current = sibling.platformProductCode === plan.platformProductCode;
                  return (
                    <li key={sibling.platformProductCode}>
                      <Link
                        to={href(`/pdp/${encodeURIComponent(sibling.platformProductCode)}`)}
                        aria-current={current ? "page" : undefined}
                        className={`block rounded-xl border px-3 py-2 text-sm ${
                          current
                            ? "border-brand-700 bg-brand-50 font-semibold text-brand-900"
                            : "border-slate-300 text-slate-800 hover:border-slate-500"
                        }`}
                      >
                        {dataText(t, sibling)} · {validityText(t, sibling.validityDays)} ·{" "}
                        <span className="font-semibold whitespace-nowrap" data-chip-price>
                          {price(sibling.unitPrice)}
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
              {siblingCount > siblings.length && (
                <Link
                  to={href(destinationPlansPath(plan.destinationCode, plan.destinationName))}
                  className="mt-3 inline-block text-sm font-semibold text-brand-700 underline hover:text-brand-900"
                >
                  {t("discovery.switcherAll", { count: siblingCount, name: plan.destinationName })}
                </Link>
              )}
            </nav>
          )}
          <TrustPanel className="mt-6" />
        </div>
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <CoverageList coverage={plan.coverage} />
        <div className="space-y-6">
          <section aria-labelledby="plan-activation" className="rounded-2xl border border-slate-200 p-5">
            <h2 id="plan-activation" className="text-lg font-semibold text-slate-900">
              {t("discovery.activationTitle")}
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>{t("discovery.activationInstall")}</li>
              <li>{t("discovery.activationStart")}</li>
            </ul>
          </section>
          <section aria-labelledby="plan-compat" className="rounded-2xl border border-slate-200 p-5">
            <h2 id="plan-compat" className="text-lg font-semibold text-slate-900">
              {t("discovery.compatTitle")}
            </h2>
            <p className="mt-2 text-sm text-slate-700">{t("discovery.compatText")}</p>
            <Link
              to={href("/install#compatibility")}
              className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
            >
              {t("discovery.compatLink")}
            </Link>
          </section>
          <PlanReviews reviews={reviews} />
          <PlanFaq />
        </div>
      </div>
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
