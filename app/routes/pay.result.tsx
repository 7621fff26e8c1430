import { useEffect, useRef, useState } from "react";
import { data, Link } from "react-router";
import { esimPath } from "../../core/esim.ts";
import { isOrderCode } from "../../core/ids.ts";
import { appContext } from "../context.ts";
import { requirePageCustomer } from "../features/account/session.server.ts";
import { iccidTail, isPaid, type PaymentStatus } from "../features/checkout/types.ts";
import { HelpLinks } from "../features/help/HelpLinks.tsx";
import { useApi } from "../lib/api.ts";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/pay.result";

export const handle = { messages: ["purchase"] } satisfies MessagesHandle;

/** How often the page asks while the order is unpaid, and for how long before it says "still pending". */
const POLL_MS = 1500;
const POLLS = 20;
/** Once paid, the page keeps asking until the eSIM is ready (issue 12), for up to about three minutes. */
const PREPARING_POLLS = 120;

/** Where a paid order is: preparing its eSIM (PAID, FULFILLING) or ready (COMPLETED). */
type Stage = "preparing" | "ready";
const stageOf = (status: string): Stage => (status === "COMPLETED" ? "ready" : "preparing");

/** paid → preparing → ready, each step marked done or current (issue 12). */
function Progress({ stage, topUp }: { stage: Stage; topUp: boolean }) {
  const { t } = useI18n();
  const steps = [
    { label: t("journey.step.paid"), done: true },
    { label: t(topUp ? "journey.step.topUpPreparing" : "journey.step.preparing"), done: stage === "ready" },
    { label: t(topUp ? "journey.step.topUpReady" : "journey.step.ready"), done: stage === "ready" },
  ];
  const current = steps.findIndex((step) => !step.done);
  return (
    <ol aria-label={t("journey.progress")} className="mx-auto mt-6 max-w-xs space-y-3 text-left">
      {steps.map((step, index) => (
        <li
          key={step.label}
          data-step={step.done ? "done" : index === current ? "current" : "todo"}
          aria-current={index === current ? "step" : undefined}
          className="flex items-center gap-3"
        >
          <span
            aria-hidden="true"
            className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
              step.done
                ? "bg-green-700 text-white"
                : index === current
                  ? "border-2 border-brand-700 text-brand-700"
                  : "border-2 border-slate-300 text-slate-700"
            }`}
          >
            {step.done ? "✓" : index + 1}
          </span>
          <span
            className={step.done || index === current ? "font-semibold text-slate-900" : "text-slate-700"}
          >
            {step.label}
            <span className="sr-only">
              {" "}
              ({step.done ? t("journey.step.done") : index === current ? t("journey.step.current") : ""})
            </span>
          </span>
          {index === current && (
            <span
              aria-hidden="true"
              className="ml-auto h-4 w-4 animate-spin rounded-full border-2 border-brand-700 border-t-transparent motion-reduce:animate-none"
            />
          )}
        </li>
      ))}
    </ol>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "checkoutUi.result.title", { noindex: true });
}

// spec 2 /pay/result?orderCode=… (the hosted payment page returns here; &cancelled=1 when the shopper gave up).
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const customer = await requirePageCustomer(app, request, url);
  const code = url.searchParams.get("orderCode") ?? "";
  if (!isOrderCode(code)) throw data(null, { status: 404 });
  try {
    // The status call also asks the provider, so a payment whose webhook is late is confirmed here.
    const status = await app.services.payment.status(customer, code, app.request.locale);
    const currency = (await app.services.site.currencies()).get(status.currencyCode);
    return {
      status,
      minorDigits: currency?.minorDigits ?? 2,
      cancelled: url.searchParams.get("cancelled") === "1",
    };
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

type View = "checking" | "success" | "failed" | "cancelled" | "pending" | "other";

function viewOf(status: PaymentStatus["status"], cancelled: boolean, polls: number): View {
  if (isPaid(status)) return "success";
  if (status === "CANCELLED") return "cancelled";
  if (status !== "PENDING_PAYMENT") return "other";
  if (cancelled) return "failed";
  return polls >= POLLS ? "pending" : "checking";
}

/** A round mark above the outcome: a tick for success, a cross for failure, dots while it is open. */
function OutcomeMark({ view }: { view: View }) {
  const tone =
    view === "success"
      ? "bg-green-100 text-green-800"
      : view === "failed" || view === "cancelled"
        ? "bg-red-100 text-red-800"
        : "bg-slate-100 text-slate-700";
  const path =
    view === "success"
      ? "M5 12.5l4.5 4.5L19 7.5"
      : view === "failed" || view === "cancelled"
        ? "M7 7l10 10M17 7 7 17"
        : "M6 12h.01M12 12h.01M18 12h.01";
  return (
    <span className={`mx-auto mb-4 flex h-16 w-16 items-center justify-center rounded-full ${tone}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor">
        <path
          d={path}
          strokeWidth={view === "checking" || view === "pending" ? 3.5 : 2.5}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}

export default function PayResultPage({ loaderData }: Route.ComponentProps) {
  const { t, href, price } = useI18n();
  const api = useApi();
  const [status, setStatus] = useState(loaderData.status);
  const [polls, setPolls] = useState(0);
  const code = status.code;
  const view = viewOf(status.status, loaderData.cancelled, polls);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const stage = stageOf(status.status);
  const topUp = status.topUpIccid !== null;
  const preparing = view === "success" && stage === "preparing";
  // Poll until the order is paid or cancelled, or the time runs out (a shopper's "check again" resumes); once
  // paid, go on until its eSIM is ready, so the install button appears without a reload (issue 12).
  useEffect(() => {
    const waiting =
      (status.status === "PENDING_PAYMENT" && polls < POLLS) ||
      (isPaid(status.status) && status.status !== "COMPLETED" && polls < PREPARING_POLLS);
    if (!waiting) return;
    const timer = setTimeout(() => {
      api
        .get<PaymentStatus>(`/o2ord/v1/customer/orders/${encodeURIComponent(code)}/status`, undefined, {
          silent: true,
        })
        .then((next) => alive.current && setStatus(next))
        .catch(() => undefined)
        .finally(() => alive.current && setPolls((n) => n + 1));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [api, code, status.status, polls]);

  const total = price(status.total, true, {
    currencySymbol: status.currencySymbol,
    minorDigits: loaderData.minorDigits,
  });
  const orderLink = href(`/my/order/${encodeURIComponent(code)}`);
  const retryLink = `${href("/pay")}?orderCode=${encodeURIComponent(code)}`;
  const primary =
    "inline-block rounded-full bg-brand-700 px-6 py-3 text-center font-semibold text-white hover:bg-brand-900";
  const secondary = "inline-block font-medium text-brand-700 underline";

  const last = iccidTail(status.topUpIccid ?? "");
  const readyEsim = status.esims.length === 1 ? status.esims[0] : undefined;
  const installLink = href(readyEsim ? esimPath(readyEsim.id) : "/ucenter/eSIM");
  const successText = topUp
    ? stage === "ready"
      ? t("journey.topUpReadyText", { last })
      : t("journey.topUpPaidText", { code, last })
    : stage === "ready"
      ? status.esims.length > 1
        ? t("journey.readyManyText", { count: status.esims.length })
        : t("journey.readyText")
      : t("checkoutUi.result.successText", { code });

  const heading: Record<View, string> = {
    checking: t("checkoutUi.result.checking"),
    success: topUp ? t("journey.topUpPaid") : t("checkoutUi.result.success"),
    failed: t("checkoutUi.result.failed"),
    cancelled: t("checkoutUi.result.cancelled"),
    pending: t("checkoutUi.result.pending"),
    other: status.statusName,
  };
  const text: Record<View, string> = {
    checking: "",
    success: successText,
    failed: t("checkoutUi.result.failedText", { code }),
    cancelled: t("checkoutUi.result.cancelledText", { code }),
    pending: t("checkoutUi.result.pendingText"),
    other: "",
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-10 text-center md:py-16">
      <h1 className="sr-only">{t("checkoutUi.result.title")}</h1>
      {/* One polite live region: the outcome is announced when the poll settles it. */}
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-result={view}
        data-stage={view === "success" ? stage : undefined}
      >
        <OutcomeMark view={view} />
        <p className="text-2xl font-bold text-slate-900">{heading[view]}</p>
        {text[view] && <p className="mt-3 text-slate-700">{text[view]}</p>}
        {view === "success" && <Progress stage={stage} topUp={topUp} />}
        {preparing && (
          <p className="mt-4 text-sm text-slate-700">
            {t(polls >= PREPARING_POLLS ? "journey.slowText" : "journey.preparingText")}
          </p>
        )}
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {text[view].includes(code) ? "" : `${t("checkoutUi.pay.orderCode", { code })} · `}
        {t("checkoutUi.result.total", { amount: total })}
      </p>
      <div className="mt-8 flex flex-col items-center gap-4">
        {view === "success" && (
          <>
            {stage === "ready" ? (
              <Link to={installLink} className={primary}>
                {t(topUp ? "journey.viewEsim" : "checkoutUi.result.install")}
              </Link>
            ) : (
              polls >= PREPARING_POLLS && (
                <Link to={href("/ucenter/eSIM")} className={primary}>
                  {t("journey.viewEsims")}
                </Link>
              )
            )}
            <Link to={orderLink} className={secondary}>
              {t("checkoutUi.result.viewOrder")}
            </Link>
          </>
        )}
        {view === "failed" && (
          <>
            <Link to={retryLink} className={primary}>
              {t("checkoutUi.result.retry")}
            </Link>
            <Link to={orderLink} className={secondary}>
              {t("checkoutUi.result.viewOrder")}
            </Link>
          </>
        )}
        {view === "pending" && (
          <>
            <button type="button" className={primary} onClick={() => setPolls(0)}>
              {t("checkoutUi.result.checkAgain")}
            </button>
            <Link to={retryLink} className={secondary}>
              {t("checkoutUi.result.retry")}
            </Link>
          </>
        )}
        {(view === "cancelled" || view === "other") && (
          <>
            <Link to={orderLink} className={primary}>
              {t("checkoutUi.result.viewOrder")}
            </Link>
            <Link to={href("/plp")} className={secondary}>
              {t("checkoutUi.pay.browse")}
            </Link>
          </>
        )}
      </div>
      <HelpLinks page="payResult" className="mt-10 border-t border-slate-200 pt-6" />
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
