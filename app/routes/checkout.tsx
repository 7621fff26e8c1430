import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { data, Link } from "react-router";
import { lineSubtotal, QUANTITY_MAX, QUANTITY_MIN } from "../../core/coupon.ts";
import { appContext } from "../context.ts";
import { AreaCodeSelect, DEFAULT_AREA_CODE } from "../features/account/AreaCodeSelect.tsx";
import { inputClass } from "../features/account/form.ts";
import { pageCustomer } from "../features/account/session.server.ts";
import { CoverageList } from "../features/catalog/CoverageList.tsx";
import { loadPlanOr404 } from "../features/catalog/plan.server.ts";
import { dataText, validityText } from "../features/catalog/plan-format.ts";
import { CouponDialog, type PaymentMethod } from "../features/checkout/CouponDialog.tsx";
import { newIdempotencyKey, startPayment } from "../features/checkout/pay-flow.ts";
import { QuantityStepper } from "../features/checkout/QuantityStepper.tsx";
import { type CheckoutRequest, iccidTail, type OrderView, type Quote } from "../features/checkout/types.ts";
import { HelpLinks } from "../features/help/HelpLinks.tsx";
import { useApi } from "../lib/api.ts";
import { HttpError } from "../lib/http/client.ts";
import { useI18n, useRootData } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/checkout";

const AuthenticationDialog = lazy(() =>
  import("../features/account/AuthenticationDialog.tsx").then((m) => ({ default: m.AuthenticationDialog })),
);

const PLAN_CODE = /^[A-Za-z0-9_-]{1,48}$/;
const ICCID = /^89\d{16,18}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,6}$/;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "checkoutUi.title", { noindex: true });
}

// spec 2 /checkout?platformProductCode=…&quantity=…[&iccid=… for a top-up]: the plan, priced on the server.
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { services, request: info } = app;
  const code = url.searchParams.get("platformProductCode") ?? "";
  if (!PLAN_CODE.test(code)) throw data(null, { status: 404 });
  const asked = Number(url.searchParams.get("quantity"));
  const quantity = Number.isInteger(asked) ? Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, asked)) : 1;
  const iccid = url.searchParams.get("iccid") ?? "";
  const topUpIccid = ICCID.test(iccid) ? iccid : null;
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
  const [quote, setQuote] = useState<Quote | null>(loaderData.quote);
  const [quoting, setQuoting] = useState(false);
  const [notice, setNotice] = useState("");
  const [email, setEmail] = useState(loaderData.contact.email);
  const [emailError, setEmailError] = useState("");
  const [areaCode, setAreaCode] = useState(loaderData.contact.areaCode);
  const [phone, setPhone] = useState(loaderData.contact.phone);
  const [phoneError, setPhoneError] = useState("");
  const [dialogOpen, setDialogOpen] = useState(false);
  const [authOpen, setAuthOpen] = useState(false);
  const [busy, setBusy] = useState<"" | "placing" | "redirecting">("");

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
    if (loaderData.contact.email) setEmail((current) => current || loaderData.contact.email);
  }, [loaderData.contact.email]);

  const translate = useRef(t);
  translate.current = t;
  // The server's total for what is on screen; stale answers are dropped.
  const latest = useRef(0);
  const first = useRef(true);
  useEffect(() => {
    if (!user) return;
    if (first.current) {
      first.current = false;
      if (loaderData.quote) return;
    }
    const ticket = ++latest.current;
    setQuoting(true);
    api
      .post<Quote>("/o2ord/v1/customer/checkout/quote", request, {
        onFailed: (error) => {
          if (ticket !== latest.current) return;
          // A code that no longer applies (e.g. the quantity fell under its minimum spend) is taken off,
          // with the reason, never silently.
          if (error.fields?.couponCode && couponCode) {
            setNotice(
              translate.current("checkoutUi.codeRemoved", { code: couponCode, reason: error.message }),
            );
            setCouponCode(null);
          } else if (error.fields?.promoCode && promoCode) {
            setNotice(
              translate.current("checkoutUi.codeRemoved", { code: promoCode, reason: error.message }),
            );
            setPromoCode(null);
          } else setNotice(error.message);
        },
        autoLogin: false,
      })
      .then((quoted) => {
        if (ticket !== latest.current) return;
        setQuote(quoted);
      })
      .catch(() => undefined)
      .finally(() => ticket === latest.current && setQuoting(false));
  }, [api, user, request, couponCode, promoCode, loaderData.quote]);

  const format = quote ? { currencySymbol: quote.currencySymbol, minorDigits: quote.minorDigits } : undefined;
  const money = (amount: number) => price(amount, true, format);
  const subtotal = quote?.subtotal ?? lineSubtotal(plan.unitPrice, quantity);
  const total = quote?.total ?? subtotal;

  async function placeOrder() {
    if (!user) {
      setAuthOpen(true);
      return;
    }
    if (!EMAIL.test(email.trim())) {
      setEmailError(t("checkoutUi.emailInvalid"));
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    if (phone && !/^\d{4,15}$/.test(phone)) {
      setPhoneError(t("checkoutUi.phoneInvalid"));
      document.getElementById(`${id}-phone`)?.focus();
      return;
    }
    // A second click before the re-render lands here too: the ref drops it (and the key would merge it).
    if (placing.current) return;
    placing.current = true;
    const body = {
      ...request,
      contactEmail: email.trim(),
      contactPhone: phone ? `+${areaCode} ${phone}` : undefined,
    };
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.body !== fingerprint)
      attempt.current = { key: newIdempotencyKey(), body: fingerprint };
    setBusy("placing");
    setNotice("");
    try {
      const order = await api.post<OrderView>("/o2ord/v1/customer/orders", body, {
        headers: { "Idempotency-Key": attempt.current.key },
        onFailed: (error) => {
          if (error.fields?.contactEmail) setEmailError(t("purchase.order.contactEmailRequired"));
          else if (error.fields?.contactPhone) setPhoneError(t("checkoutUi.phoneInvalid"));
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

  const chosenCoupon = quote?.coupon
    ? t("checkoutUi.couponChosen", { name: quote.coupon.name, label: quote.coupon.valueLabel })
    : t("checkoutUi.noCouponChosen");

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

          <section aria-labelledby={`${id}-contact`} className="rounded-2xl border border-slate-200 p-5">
            <h2 id={`${id}-contact`} className="text-lg font-semibold text-slate-900">
              {t("checkoutUi.contactHeading")}
            </h2>
            <div className="mt-3 space-y-4">
              <div className="space-y-1">
                <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
                  {t("checkoutUi.email")}
                </label>
                <input
                  id={`${id}-email`}
                  type="email"
                  name="contactEmail"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    setEmailError("");
                  }}
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={`${id}-email-hint${emailError ? ` ${id}-email-error` : ""}`}
                  className={inputClass}
                />
                <p id={`${id}-email-hint`} className="text-sm text-slate-700">
                  {t("checkoutUi.emailHint")}
                </p>
                {emailError && (
                  <p id={`${id}-email-error`} className="text-sm text-red-700">
                    {emailError}
                  </p>
                )}
              </div>
              <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3">
                <AreaCodeSelect id={`${id}-area`} value={areaCode} onChange={setAreaCode} />
                <div className="space-y-1">
                  <label htmlFor={`${id}-phone`} className="block text-sm font-medium text-slate-800">
                    {t("checkoutUi.phone")}
                  </label>
                  <input
                    id={`${id}-phone`}
                    type="tel"
                    name="phone"
                    inputMode="numeric"
                    autoComplete="tel-national"
                    value={phone}
                    onChange={(event) => {
                      setPhone(event.target.value.replace(/\D/g, "").slice(0, 15));
                      setPhoneError("");
                    }}
                    aria-invalid={phoneError ? true : undefined}
                    aria-describedby={`${id}-phone-hint${phoneError ? ` ${id}-phone-error` : ""}`}
                    className={inputClass}
                  />
                </div>
              </div>
              <p id={`${id}-phone-hint`} className="text-sm text-slate-700">
                {t("checkoutUi.phoneHint")}
              </p>
              {phoneError && (
                <p id={`${id}-phone-error`} className="text-sm text-red-700">
                  {phoneError}
                </p>
              )}
            </div>
          </section>

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

        <aside aria-labelledby={`${id}-summary`} className="md:sticky md:top-6 md:self-start">
          <section className="rounded-2xl border border-slate-200 p-5 shadow-sm">
            <h2 id={`${id}-summary`} className="text-lg font-semibold text-slate-900">
              {t("checkoutUi.summaryHeading")}
            </h2>
            <dl className="mt-3 space-y-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-slate-700">
                  {t("checkoutUi.subtotal", { quantity, price: money(quote?.unitPrice ?? plan.unitPrice) })}
                </dt>
                <dd className="font-medium text-slate-900">{money(subtotal)}</dd>
              </div>
              {quote?.coupon && (
                <div className="flex justify-between gap-3">
                  <dt className="text-slate-700">
                    {t("checkoutUi.couponLine", {
                      name: `${quote.coupon.name} (${quote.coupon.valueLabel})`,
                    })}
                  </dt>
                  <dd className="font-medium text-red-700">−{money(quote.coupon.discount)}</dd>
                </div>
              )}
              {quote?.promo && (
                <div className="flex justify-between gap-3">
                  <dt className="text-slate-700">
                    {t("checkoutUi.promoLine", { code: quote.promo.code })} ({quote.promo.valueLabel})
                  </dt>
                  <dd className="font-medium text-red-700">−{money(quote.promo.discount)}</dd>
                </div>
              )}
              <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base">
                <dt className="font-semibold text-slate-900">{t("checkoutUi.total")}</dt>
                <dd className="font-bold text-slate-900" data-testid="checkout-total">
                  {money(total)}
                </dd>
              </div>
            </dl>
            <p className="mt-1 text-xs text-slate-700">
              {t("checkoutUi.totalNote", { currency: quote?.currencyCode ?? plan.currencyCode })}
            </p>
            <p role="status" className="sr-only">
              {quoting ? t("checkoutUi.updating") : `${t("checkoutUi.total")} ${money(total)}`}
            </p>

            {user ? (
              <button
                type="button"
                onClick={() => setDialogOpen(true)}
                aria-haspopup="dialog"
                className="mt-4 flex w-full items-center justify-between gap-2 rounded-xl border border-slate-300 p-3 text-left hover:border-slate-500"
              >
                <span>
                  <span className="block text-sm font-semibold text-slate-900">
                    {t("checkoutUi.offersButton")}
                  </span>
                  <span className="block text-sm text-slate-700">
                    {chosenCoupon} · {t("checkoutUi.payBy", { method: t("checkoutUi.method.card") })}
                  </span>
                </span>
                <span aria-hidden="true">›</span>
              </button>
            ) : (
              <p className="mt-4 text-sm text-slate-700">{t("checkoutUi.visitorNote")}</p>
            )}

            <p role="alert" className="mt-3 text-sm text-red-700 empty:hidden">
              {notice}
            </p>
            {/* A positive total below the card provider's minimum cannot be charged (ADR 0122). */}
            {user && quote?.belowPaymentMinimum && (
              <p
                id={`${id}-minimum`}
                className="mt-3 text-sm text-red-700"
                data-testid="checkout-below-minimum"
              >
                {t("checkoutUi.belowMinimum", { minimum: money(quote.belowPaymentMinimum.minimum) })}
              </p>
            )}

            <button
              type="button"
              onClick={() => void placeOrder()}
              disabled={busy !== "" || quoting || Boolean(user && quote?.belowPaymentMinimum)}
              aria-describedby={user && quote?.belowPaymentMinimum ? `${id}-minimum` : undefined}
              className="mt-4 w-full rounded-full bg-brand-700 px-6 py-3 text-base font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
            >
              {!user
                ? t("checkoutUi.loginToPay")
                : busy === "placing"
                  ? t("checkoutUi.placing")
                  : busy === "redirecting"
                    ? t("checkoutUi.redirecting")
                    : t("checkoutUi.placeOrder", { amount: money(total) })}
            </button>
          </section>
        </aside>
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
