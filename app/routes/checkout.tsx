import { lazy, Suspense, useEffect, useEffectEvent, useId, useState } from "react";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { lineSubtotal, QUANTITY_MAX, QUANTITY_MIN } from "../../core/coupon.ts";
import { COUPON_CODE_PATTERN, isIccid, isPlanCode } from "../../core/ids.ts";
import { appContext } from "../context.ts";
import { DEFAULT_AREA_CODE } from "../features/account/AreaCodeSelect.tsx";
import { pageCustomer } from "../features/account/session.server.ts";
import { CoverageList } from "../features/catalog/CoverageList.tsx";
import { loadPlanOr404 } from "../features/catalog/plan.server.ts";
import { TrustPanel } from "../features/catalog/TrustPanel.tsx";
import { CompatibilitySection } from "../features/checkout/CompatibilitySection.tsx";
import { ContactSection } from "../features/checkout/ContactSection.tsx";
import { CouponDialog, type PaymentMethod } from "../features/checkout/CouponDialog.tsx";
import { CreditSection } from "../features/checkout/CreditSection.tsx";
import { OrderSummary } from "../features/checkout/OrderSummary.tsx";
import { PlanSection } from "../features/checkout/PlanSection.tsx";
import { loaderAnswer, pickedOrNone } from "../features/checkout/quote.server.ts";
import { quoteSearch } from "../features/checkout/quote.ts";
import {
  NO_COUPON_PARAM,
  useCheckoutChoices,
  useCreditFollowsQuote,
} from "../features/checkout/use-checkout-choices.ts";
import { useCheckoutContact } from "../features/checkout/use-checkout-contact.ts";
import { usePlaceOrder } from "../features/checkout/use-place-order.ts";
import { type QuoteFailure, refusalEffect, useQuote } from "../features/checkout/use-quote.ts";
import { HelpLinks } from "../features/help/HelpLinks.tsx";
import { onlyDialogKeysChanged, useQueryDialog } from "../features/shell/use-query-dialog.ts";
import { useI18n, useRootData } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/checkout";

export const handle = { messages: ["purchase", "account"] } satisfies MessagesHandle;

const AuthenticationDialog = lazy(() =>
  import("../features/account/AuthenticationDialog.tsx").then((m) => ({ default: m.AuthenticationDialog })),
);

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "checkoutUi.title", { noindex: true });
}

/** A coupon or promo code carried in the checkout's URL (issue 12): upper-cased, or null when malformed. */
function codeParam(value: string | null): string | null {
  const code = value?.trim() ?? "";
  return COUPON_CODE_PATTERN.test(code) ? code.toUpperCase() : null;
}

/**
 * The checkout keeps its choices (quantity, coupon, promo code) in its URL so that a reload, and every way into
 * an account that leaves the page and comes back (its pageFrom is this URL), finds them again (issue 12). Those
 * URL updates are the page's own: they do not reload its data (the browser quotes them); a navigation to another
 * plan or an explicit revalidation after a login does.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (onlyDialogKeysChanged(currentUrl, nextUrl)) return false;
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const same = (name: string) => currentUrl.searchParams.get(name) === nextUrl.searchParams.get(name);
  if (currentUrl.href !== nextUrl.href && same("platformProductCode") && same("iccid")) return false;
  return defaultShouldRevalidate;
}

// spec 2 /checkout?platformProductCode=…&quantity=…[&iccid=… for a top-up][&couponCode=…][&promoCode=…]: the
// plan, priced on the server.
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { services, request: info } = app;
  const code = url.searchParams.get("platformProductCode") ?? "";
  if (!isPlanCode(code)) throw data(null, { status: 404 });
  const asked = Number(url.searchParams.get("quantity"));
  const quantity = Number.isInteger(asked) ? Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, asked)) : 1;
  const iccid = url.searchParams.get("iccid") ?? "";
  const topUpIccid = isIccid(iccid) ? iccid : null;
  const askedCoupon = codeParam(url.searchParams.get("couponCode"));
  // The shopper chose "No coupon" (issue 30): nothing is applied for them, on this load or any later one.
  const couponDeclined = !askedCoupon && url.searchParams.get(NO_COUPON_PARAM) === "1";
  const promoCode = codeParam(url.searchParams.get("promoCode"));
  const plan = await loadPlanOr404(app, code);
  const customer = await pageCustomer(app, request, url);
  // A checkout that opens without a coupon in its URL applies the one that saves the shopper most (issue 30,
  // ADR 0319), priced as the quote prices it; the shopper can still change or remove it.
  const pickedCoupon =
    customer && !askedCoupon && !couponDeclined
      ? await pickedOrNone(
          services.checkout.bestCoupon(
            customer,
            {
              platformProductCode: code,
              quantity,
              topUpIccid: topUpIccid ?? undefined,
              promoCode: promoCode ?? undefined,
            },
            plan.currencyCode,
            info.locale,
          ),
        )
      : null;
  const couponCode = askedCoupon ?? pickedCoupon;
  // The loader answers its line as the quote route would (ADR 0289): a quote, or the refusal (a top-up of an eSIM
  // that is not the shopper's, a code that does not apply), which the page shows from its first render.
  const quote = customer
    ? await loaderAnswer(
        services.checkout.quote(
          customer,
          {
            platformProductCode: code,
            quantity,
            topUpIccid: topUpIccid ?? undefined,
            couponCode: couponCode ?? undefined,
            promoCode: promoCode ?? undefined,
          },
          plan.currencyCode,
          info.locale,
        ),
        info.locale,
      )
    : null;
  return {
    plan,
    quantity,
    topUpIccid,
    couponCode,
    /** The store applied couponCode as the best the shopper holds; they did not ask for it. */
    couponPicked: pickedCoupon !== null,
    couponDeclined,
    promoCode,
    quote,
    contact: {
      email: customer?.email ?? "",
      phone: (customer?.phone ?? "").replace(/\D/g, "").slice(0, 15),
      areaCode: customer?.internationalTelCode?.replace("+", "") ?? DEFAULT_AREA_CODE,
    },
  };
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { t, href, price } = useI18n();
  const { user } = useRootData();
  const id = useId();
  const { plan, topUpIccid } = loaderData;

  // The loader's line and its answer (ADR 0289). A refusal is on the page from its first render: a code it names
  // is already off the line, with the reason.
  const loaderLine = quoteSearch({
    platformProductCode: plan.platformProductCode,
    quantity: loaderData.quantity,
    couponCode: loaderData.couponCode ?? undefined,
    promoCode: loaderData.promoCode ?? undefined,
    topUpIccid: topUpIccid ?? undefined,
  });
  const [firstRefusal] = useState(() =>
    loaderData.quote && "failed" in loaderData.quote ? loaderData.quote : null,
  );
  const firstRemoval = firstRefusal && refusalEffect(firstRefusal, loaderData);
  const noticeOf = (failure: QuoteFailure, removal: ReturnType<typeof refusalEffect>) =>
    removal ? t("checkoutUi.codeRemoved", { code: removal.code, reason: failure.message }) : failure.message;

  const choices = useCheckoutChoices({
    ...loaderData,
    platformProductCode: plan.platformProductCode,
    couponCode: firstRemoval?.removes === "couponCode" ? null : loaderData.couponCode,
    promoCode: firstRemoval?.removes === "promoCode" ? null : loaderData.promoCode,
  });
  const { request, quantity, couponCode, promoCode } = choices;
  // After a login in the popup the page's data comes back with the coupon the store picked for the account: it
  // goes on the line unless the shopper has chosen a coupon, or "No coupon", since.
  const picked = loaderData.couponPicked ? loaderData.couponCode : null;
  const adoptPick = useEffectEvent((code: string) => {
    if (!choices.couponCode && !choices.couponDeclined) choices.setCouponCode(code);
  });
  useEffect(() => {
    if (picked) adoptPick(picked);
  }, [picked]);
  const [method, setMethod] = useState<PaymentMethod>("card");
  const [notice, setNotice] = useState(() => (firstRefusal ? noticeOf(firstRefusal, firstRemoval) : ""));
  const contact = useCheckoutContact(loaderData.contact);
  // spec 2: the coupon/payment dialog is tied to a query key on small screens (the back gesture closes it).
  const offers = useQueryDialog("couponDialog");
  const [authOpen, setAuthOpen] = useState(false);
  const { busy, placeOrder } = usePlaceOrder({
    id,
    loggedIn: Boolean(user),
    request,
    contact: contact.contact,
    onLogin: () => setAuthOpen(true),
    onContactProblems: contact.setProblems,
    onNotice: setNotice,
  });

  // spec 2: a visitor gets the authentication popup and stays on checkout.
  useEffect(() => {
    if (!user) setAuthOpen(true);
  }, [user]);

  const { quote, quoting } = useQuote({
    request,
    enabled: Boolean(user),
    loader: { line: loaderLine, answer: loaderData.quote },
    // A code that no longer applies (e.g. the quantity fell under its minimum spend) is taken off, with the
    // reason, never silently.
    onFailed: (failure) => {
      const removal = refusalEffect(failure, { couponCode, promoCode });
      setNotice(noticeOf(failure, removal));
      if (removal?.removes === "couponCode") choices.setCouponCode(null);
      if (removal?.removes === "promoCode") choices.setPromoCode(null);
    },
  });

  const offered = quote?.credit.availableMinor ?? 0;
  useCreditFollowsQuote(choices, offered);

  const format = quote ? { currencySymbol: quote.currencySymbol, minorDigits: quote.minorDigits } : undefined;
  const money = (amount: number) => price(amount, true, format);
  const subtotal = quote?.subtotal ?? lineSubtotal(plan.unitPrice, quantity);

  return (
    <div className="mx-auto max-w-[1100px] px-4 py-6 md:px-6 md:py-10">
      <Link
        to={href(`/pdp/${encodeURIComponent(plan.platformProductCode)}`)}
        className="text-sm font-medium text-brand-700 underline"
      >
        {t("checkoutUi.back")}
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 md:text-3xl">
        {topUpIccid ? t("journey.topUpTitle") : t("checkoutUi.title")}
      </h1>
      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_360px]">
        <div className="space-y-6">
          <PlanSection
            id={id}
            plan={plan}
            unitPrice={money(quote?.unitPrice ?? plan.unitPrice)}
            topUpIccid={topUpIccid}
            quantity={quantity}
            onQuantity={choices.setQuantity}
            disabled={busy !== ""}
          />
          {(!topUpIccid || !loaderData.contact.email) && (
            <ContactSection
              id={id}
              contact={contact.contact}
              errors={contact.problems}
              onChange={contact.change}
            />
          )}
          {!topUpIccid && <CompatibilitySection id={id} />}
          {quote && quote.credit.balanceMinor > 0 && (
            <CreditSection
              id={id}
              checked={choices.useCredit}
              offeredMinor={offered}
              worthMinor={quote.credit.worthMinor}
              disabled={busy !== ""}
              money={money}
              onChange={(checked) => choices.chooseCredit(checked, offered)}
            />
          )}
          <TrustPanel />

          <CoverageList coverage={plan.coverage} />
        </div>

        <OrderSummary
          id={id}
          quantity={quantity}
          unitPrice={quote?.unitPrice ?? plan.unitPrice}
          subtotal={subtotal}
          total={quote?.total ?? subtotal}
          currencyCode={quote?.currencyCode ?? plan.currencyCode}
          quote={quote}
          quoting={quoting}
          loggedIn={Boolean(user)}
          busy={busy}
          notice={notice}
          money={money}
          onOffers={offers.show}
          onPlace={() => void placeOrder()}
        />
      </div>

      {user && (
        <CouponDialog
          open={offers.open}
          onClose={offers.hide}
          request={request}
          quote={quote}
          couponCode={couponCode}
          method={method}
          onMethod={setMethod}
          onCoupon={(code) => {
            setNotice("");
            choices.chooseCoupon(code);
          }}
          onPromo={(code) => {
            setNotice("");
            choices.setPromoCode(code);
          }}
        />
      )}
      {authOpen && !user && (
        <Suspense fallback={null}>
          {/* Issue 30 (ADR 0320): a shopper who is not signed in starts with the code, which also signs them up. */}
          <AuthenticationDialog open initialTab="code" onClose={() => setAuthOpen(false)} />
        </Suspense>
      )}
      <HelpLinks page="checkout" className="mt-10 border-t border-slate-200 pt-6" />
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
