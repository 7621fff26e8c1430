import { useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import {
  REFUND_REASON_MAX,
  REFUND_REASON_MIN,
  refundCancelSchema,
  refundRequestSchema,
} from "../../../core/forms/refund.ts";
import type { RefundOrderFlow } from "../../../server/flows/refund-order.ts";
import { useApi } from "../../lib/api.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { notify } from "../../lib/notify.ts";
import type { UploadedMedia } from "../../lib/upload.ts";
import { useAccountForm } from "../account/account-form.ts";
import { inputClass } from "../account/form.ts";
import { FileUpload } from "../uploads/FileUpload.tsx";
import { formatDateTime } from "./format.ts";

export type ShopperRefundOptions = Awaited<ReturnType<RefundOrderFlow["shopperOptions"]>>;
type Destination = "CARD" | "CREDIT";

/** The refund policy page (spec 2 /pageHtml, rendered from the operator's policy data). */
export const REFUND_POLICY_PATH = "/pageHtml?htmlType=refundPolicy";

const cardClass = "rounded-2xl border border-slate-200 bg-white p-4";
const buttonClass =
  "inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60";

/**
 * "What you may do now" on a paid order (issue 29, ADR 0352), read from the refund options the API gives
 * (GET …/refund-options): cancel an unused eSIM for a full refund after a confirmation, ask for a refund with a
 * reason and an optional screenshot, or why neither is possible now, with the policy link. The shopper's requests
 * and their state are listed. Each form is checked with the schema the API takes (core/forms/refund.ts).
 */
export function RefundPanel({
  code,
  options,
  amount,
}: {
  code: string;
  options: ShopperRefundOptions;
  amount: (minor: number) => string;
}) {
  const { t, href, locale } = useI18n();
  const nothing = !options.cancel.allowed && !options.request.allowed;
  // The broader way (a request) says best why nothing is possible; else why the cancel is not.
  const block = options.request.block ?? options.cancel.block;
  return (
    <section className={cardClass} aria-labelledby="order-refund" data-refund-panel>
      <h2 id="order-refund" className="text-lg font-semibold text-slate-900">
        {t("refund.panel.title")}
      </h2>
      {options.requests.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">{t("refund.panel.requests")}</h3>
          <ul className="mt-1 flex flex-col gap-2 text-sm">
            {options.requests.map((request) => (
              <li key={request.id} data-refund-request={request.status} className="text-slate-900">
                <span className="font-medium">
                  {t(`refund.request.${request.status}`, { reason: request.decisionReason ?? "" })}
                </span>
                <span className="block text-slate-700">
                  {t("refund.panel.sentAt", { time: formatDateTime(request.createdAt, locale) })}
                </span>
                <span className="block break-words text-slate-700">{request.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {options.cancel.allowed && <CancelForm code={code} options={options} amount={amount} />}
      {options.request.allowed && <RequestForm code={code} options={options} />}
      {nothing && options.request.block === "requestOpen" && (
        <p className="mt-2 text-sm text-slate-800" data-refund-none>
          {t("refund.block.requestOpen")}
        </p>
      )}
      {nothing && options.request.block !== "requestOpen" && (
        <div className="mt-2 text-sm text-slate-800" data-refund-none>
          <p>{t("refund.panel.none")}</p>
          {block && block !== "nothingLeft" && (
            <p className="mt-1">
              {t("refund.panel.whyNot")} {t(`refund.block.${block}`)}
            </p>
          )}
        </div>
      )}
      <p className="mt-3 text-sm">
        <Link to={href(REFUND_POLICY_PATH)} className="font-medium text-brand-700 underline">
          {t("refund.panel.policyLink")}
        </Link>
      </p>
    </section>
  );
}

/** The card or store-credit choice: a card refund says how long it takes, store credit that it is instant. */
function DestinationField({
  options,
  error,
  onChange,
}: {
  options: ShopperRefundOptions;
  error?: string;
  onChange?: (value: Destination) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <fieldset
      className="mt-3"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">{t("refund.panel.destination")}</legend>
      <div className="mt-1 flex flex-col gap-2">
        {options.destinations.map((value) => (
          <label key={value} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-900">
            <input
              type="radio"
              name="destination"
              value={value}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange?.(value)}
            />
            {value === "CARD"
              ? t("refund.panel.toCard", { days: options.cardRefundDays })
              : t("refund.panel.toCredit")}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function CancelForm({
  code,
  options,
  amount,
}: {
  code: string;
  options: ShopperRefundOptions;
  amount: (minor: number) => string;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const revalidator = useRevalidator();
  const [destination, setDestination] = useState<Destination | null>(null);
  const { formProps, errors, busy } = useAccountForm({
    schema: refundCancelSchema,
    confirm: () =>
      notify.dialog({
        title: t("refund.panel.confirmTitle"),
        message:
          destination === "CARD"
            ? t("refund.panel.confirmToCard", { amount: amount(options.left), days: options.cardRefundDays })
            : t("refund.panel.confirmToCredit", { amount: amount(options.left) }),
        confirmText: t("refund.panel.confirmYes"),
        cancelText: t("refund.panel.confirmKeep"),
      }),
    submit: async (value) => {
      try {
        const answer = await api.post<{ refund: { amount: number } }>(
          `/o2ord/v1/customer/orders/${encodeURIComponent(code)}/cancel-esim`,
          value,
        );
        notify.toast(t("refund.panel.cancelled", { amount: amount(answer.refund.amount) }));
      } finally {
        // The order, its eSIM and the refund as they are now (or as a refusal left them).
        await revalidator.revalidate();
      }
    },
  });
  return (
    <form {...formProps} className="mt-3 border-t border-slate-200 pt-3" data-refund-cancel>
      <h3 className="text-base font-semibold text-slate-900">{t("refund.panel.cancelHeading")}</h3>
      <p className="mt-1 text-sm text-slate-800">
        {t("refund.panel.cancelIntro", {
          amount: amount(options.left),
          date: options.cancel.until ? formatDateTime(options.cancel.until, locale) : "",
        })}
      </p>
      <DestinationField options={options} error={errors.destination} onChange={setDestination} />
      <button type="submit" className={`mt-3 ${buttonClass}`} disabled={busy}>
        {busy ? t("refund.panel.busy") : t("refund.panel.cancel")}
      </button>
    </form>
  );
}

function RequestForm({ code, options }: { code: string; options: ShopperRefundOptions }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const revalidator = useRevalidator();
  const id = useId();
  const [screenshots, setScreenshots] = useState<UploadedMedia[]>([]);
  const { formProps, errors, busy } = useAccountForm({
    schema: refundRequestSchema,
    submit: async (value) => {
      await api.post(`/o2ord/v1/customer/orders/${encodeURIComponent(code)}/refund-requests`, {
        ...value,
        screenshot: value.screenshot || null,
      });
      notify.toast(t("refund.panel.requested"));
      setScreenshots([]);
      await revalidator.revalidate();
    },
  });
  return (
    <form {...formProps} className="mt-3 border-t border-slate-200 pt-3" data-refund-request-form>
      <h3 className="text-base font-semibold text-slate-900">{t("refund.panel.requestHeading")}</h3>
      <p className="mt-1 text-sm text-slate-800">
        {t("refund.panel.requestIntro", {
          date: options.request.until ? formatDateTime(options.request.until, locale) : "",
        })}
      </p>
      <DestinationField options={options} error={errors.destination} />
      <div className="mt-3">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-800">
          {t("refund.panel.reason")}
        </label>
        <p id={`${id}-reason-hint`} className="text-xs text-slate-700">
          {t("refund.panel.reasonHint", { min: REFUND_REASON_MIN })}
        </p>
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={4}
          maxLength={REFUND_REASON_MAX}
          className={`mt-1 ${inputClass}`}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error ${id}-reason-hint` : `${id}-reason-hint`}
        />
        {errors.reason && (
          <p id={`${id}-reason-error`} className="mt-1 text-sm text-red-700">
            {errors.reason}
          </p>
        )}
      </div>
      <div className="mt-3">
        <FileUpload
          purpose="support"
          label={t("refund.panel.screenshot")}
          hint={t("refund.panel.screenshotHint")}
          maxFiles={1}
          value={screenshots}
          onChange={setScreenshots}
        />
        <input type="hidden" name="screenshot" value={screenshots[0]?.mediaUrl ?? ""} />
        {errors.screenshot && <p className="mt-1 text-sm text-red-700">{errors.screenshot}</p>}
      </div>
      <button type="submit" className={`mt-3 ${buttonClass}`} disabled={busy}>
        {busy ? t("refund.panel.busy") : t("refund.panel.send")}
      </button>
    </form>
  );
}
