import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { data, Link } from "react-router";
import { lineSubtotal, QUANTITY_MAX, QUANTITY_MIN } from "../../core/coupon.ts";
import { isIccid, isPlanCode } from "../../core/ids.ts";
import { appContext } from "../context.ts";
import { DEFAULT_AREA_CODE } from "../features/account/AreaCodeSelect.tsx";
import { pageCustomer } from "../features/account/session.server.ts";
import { CoverageList } from "../features/catalog/CoverageList.tsx";
import { loadPlanOr404 } from "../features/catalog/plan.server.ts";
import { dataText, validityText } from "../features/catalog/plan-format.ts";
import { ContactSection } from "../features/checkout/ContactSection.tsx";
import { CouponDialog, type PaymentMethod } from "../features/checkout/CouponDialog.tsx";
import {
  type CheckoutContact,
  type ContactErrors,
  contactBody,
  contactErrors,
} from "../features/checkout/contact.ts";
import { OrderSummary, type PlacingState } from "../features/checkout/OrderSummary.tsx";
import { newIdempotencyKey, startPayment } from "../features/checkout/pay-flow.ts";
import { QuantityStepper } from "../features/checkout/QuantityStepper.tsx";
import { type CheckoutRequest, iccidTail, type OrderView, type Quote } from "../features/checkout/types.ts";
import { useQuote } from "../features/checkout/use-quote.ts";
import { HelpLinks } from "../features/help/HelpLinks.tsx";
import { useApi } from "../lib/api.ts";
import { HttpError } from "../lib/http/client.ts";
import { useI18n, useRootData } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/checkout";

const AuthenticationDialog = lazy(() =>
  import("../features/account/AuthenticationDialog.tsx").then((m) => ({ default: m.AuthenticationDialog })),
);

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "checkoutUi.title", { noindex: true });
}

// spec 2 /checkout?platformProductCode=…&quantity=…[&iccid=… for a top-up]: the plan, priced on the server.
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { services, request: info } = app;
  const code = url.searchParams.get("platformProductCode") ?? "";
  if (!isPlanCode(code)) throw data(null, { status: 404 });
  const asked = Number(url.searchParams.get("quantity"));
  const quantity = Number.isInteger(asked) ? Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, asked)) : 1;
  const iccid = url.searchParams.get("iccid") ?? "";
  const topUpIccid = isIccid(iccid) ? iccid : null;
  const plan = await loadPlanOr404(app, code);
  const customer = await pageCustomer(app, request, url);
  let quote: Quote | null = null;
  if (customer) {
    quote = await services.checkout
      .quote(
        customer,
        { platformProductCode: code, quantity, topUpIccid: topUpIccid ?? undefined },
        plan.currencyCode,
        info.locale,
      )
      // The page still shows the plan; the browser asks again and shows why (e.g. a top-up it refuses).
      .catch(() => null);
  }
  return {
    plan,
    quantity,
    topUpIccid,
    quote,
    contact: {
      email: customer?.email ?? "",
      phone: (customer?.phone ?? "").replace(/\D/g, "").slice(0, 15),
      areaCode: customer?.internationalTelCode?.replace("+", "") ?? DEFAULT_AREA_CODE,
    },
  };
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { t, href, price, locale } = useI18n();
  const { user } = useRootData();
  const api = useApi();
  const id = useId();
  const { plan, topUpIccid } = loaderData;

  const [quantity, setQuantity] = useState(loaderData.quantity);
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>("card");
  const [notice, setNotice] = useState("");
  const [contact, setContact] = useState<CheckoutContact>({
    email: loaderData.contact.email,
    areaCode: loaderData.contact.areaCode,
    phone: loaderData.contact.phone,
  });
  const [contactProblems, setContactProblems] = useState<ContactErrors>({});
  const [dialogOpen, setDialogOpen] = useState(false);
  const [authOpen, setAuthOpen] = useState(false);
  const [busy, setBusy] = useState<PlacingState>("");

  const request: CheckoutRequest = useMemo(
    () => ({
      platformProductCode: plan.platformProductCode,
      quantity,
      topUpIccid: topUpIccid ?? undefined,
      couponCode: couponCode ?? undefined,
      promoCode: promoCode ?? undefined,
    }),
    [plan.platformProductCode, quantity, topUpIccid, couponCode, promoCode],
  );

  // One idempotency key per checkout attempt: the same order details keep it (a double click, a retry after
  // a lost response give one order); changed details are a new attempt.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const placing = useRef(false);

  // Back from the payment page (the browser's back/forward cache): the page can be used again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      placing.current = false;
      setBusy("");
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  // spec 2: a visitor gets the authentication popup and stays on checkout.
  useEffect(() => {
    if (!user) setAuthOpen(true);
  }, [user]);

  // After a login in the popup the page's data comes back with the account's contact details.
  useEffect(() => {
    const email = loaderData.contact.email;
    if (email) setContact((current) => (current.email ? current : { ...current, email }));
  }, [loaderData.contact.email]);

  const { quote, quoting } = useQuote({
    request,
    enabled: Boolean(user),
    initial: loaderData.quote,
    // A code that no longer applies (e.g. the quantity fell under its minimum spend) is taken off, with the
    // reason, never silently.
    onFailed: (error) => {
      if (error.fields?.couponCode && couponCode) {
        setNotice(t("checkoutUi.codeRemoved", { code: couponCode, reason: error.message }));
        setCouponCode(null);
      } else if (error.fields?.promoCode && promoCode) {
        setNotice(t("checkoutUi.codeRemoved", { code: promoCode, reason: error.message }));
        setPromoCode(null);
      } else setNotice(error.message);
    },
  });

  const format = quote ? { currencySymbol: quote.currencySymbol, minorDigits: quote.minorDigits } : undefined;
  const money = (amount: number) => price(amount, true, format);
  const subtotal = quote?.subtotal ?? lineSubtotal(plan.unitPrice, quantity);
  const total = quote?.total ?? subtotal;

  async function placeOrder() {
    if (!user) {
      setAuthOpen(true);
      return;
    }
    const problems = contactErrors(contact);
    if (problems) {
      setContactProblems(problems);
      document.getElementById(problems.email ? `${id}-email` : `${id}-phone`)?.focus();
      return;
    }
    // A second click before the re-render lands here too: the ref drops it (and the key would merge it).
    if (placing.current) return;
    placing.current = true;
    const body = { ...request, ...contactBody(contact) };
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.body !== fingerprint)
      attempt.current = { key: newIdempotencyKey(), body: fingerprint };
    setBusy("placing");
    setNotice("");
    try {
      const order = await api.post<OrderView>("/o2ord/v1/customer/orders", body, {
        headers: { "Idempotency-Key": attempt.current.key },
        onFailed: (error) => {
          if (error.fields?.contactEmail)
            setContactProblems({ email: "purchase.order.contactEmailRequired" });
          else if (error.fields?.contactPhone) setContactProblems({ phone: "checkoutUi.phoneInvalid" });
          else setNotice(error.message);
        },
      });
      setBusy("redirecting");
      await startPayment(api, order.code, locale, {
        onFailed: (error) => setNotice(String((error as Error).message)),
      });
    } catch (error) {
      if (!(error instanceof HttpError)) setNotice(String(error));
      setBusy("");
      placing.current = false;
    }
  }

  return (
    <div className="mx-auto max-w-[1100px] px-4 py-6 md:px-6 md:py-10">
      <Link
        to={href(`/pdp/${encodeURIComponent(plan.platformProductCode)}`)}
        className="text-sm font-medium text-brand-700 underline"
      >
        {t("checkoutUi.back")}
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 md:text-3xl">{t("checkoutUi.title")}</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_360px]">
        <div className="space-y-6">
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
                  {t("checkoutUi.unitPrice")}: {money(quote?.unitPrice ?? plan.unitPrice)}
                </p>
              </div>
            </div>
            {topUpIccid && (
              <p className="mt-3 rounded-xl bg-brand-50 p-3 text-sm font-medium text-brand-900">
                {t("checkoutUi.topUp", { last: iccidTail(topUpIccid) })}
              </p>
            )}
            <div className="mt-4">
              <QuantityStepper value={quantity} onChange={setQuantity} disabled={busy !== ""} />
            </div>
          </section>

          <ContactSection
            id={id}
            contact={contact}
            errors={contactProblems}
            onChange={(next, edited) => {
              setContact(next);
              if (edited) setContactProblems(({ [edited]: _cleared, ...rest }) => rest);
            }}
          />

          <section aria-labelledby={`${id}-compat`} className="rounded-2xl border border-slate-200 p-5">
            <h2 id={`${id}-compat`} className="text-lg font-semibold text-slate-900">
              {t("checkoutUi.compatHeading")}
            </h2>
            <p className="mt-2 text-sm text-slate-700">{t("checkoutUi.compatText")}</p>
            <Link
              to={`${href("/install")}#compatibility`}
              className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
            >
              {t("checkoutUi.compatLink")}
            </Link>
          </section>

          <CoverageList coverage={plan.coverage} />
        </div>

        <OrderSummary
          id={id}
          quantity={quantity}
          unitPrice={quote?.unitPrice ?? plan.unitPrice}
          subtotal={subtotal}
          total={total}
          currencyCode={quote?.currencyCode ?? plan.currencyCode}
          quote={quote}
          quoting={quoting}
          loggedIn={Boolean(user)}
          busy={busy}
          notice={notice}
          money={money}
          onOffers={() => setDialogOpen(true)}
          onPlace={() => void placeOrder()}
        />
      </div>

      {user && (
        <CouponDialog
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          request={request}
          quote={quote}
          couponCode={couponCode}
          method={method}
          onMethod={setMethod}
          onCoupon={(code) => {
            setNotice("");
            setCouponCode(code);
          }}
          onPromo={(code) => {
            setNotice("");
            setPromoCode(code);
          }}
        />
      )}
      {authOpen && !user && (
        <Suspense fallback={null}>
          <AuthenticationDialog open onClose={() => setAuthOpen(false)} />
        </Suspense>
      )}
      <HelpLinks page="checkout" className="mt-10 border-t border-slate-200 pt-6" />
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
