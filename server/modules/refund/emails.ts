import { isLocale, type Locale } from "../../../core/constants.ts";
import { translator } from "../../../core/i18n/index.ts";
import { localePath } from "../../../core/locale-path.ts";
import type { RefundDestination } from "../../../db/schema/index.ts";
import { designedEmail } from "../../providers/messages/email-template.ts";
import type { OutboundMessage } from "../../providers/messages/outbox.ts";

export interface RefundNotice {
  order: { code: string; planTitle: string; contactEmail: string; locale: string };
  /** The refunded amount in the order's currency, formatted ("HK$20.00"). */
  amount: string;
  destination: RefundDestination;
  /** Credit refunds: what the store credit received, formatted in the credit's currency. */
  credit: string | null;
  /** The order is now refunded in full (else this is a part of it). */
  full: boolean;
}

/**
 * An operator's refund, in full or in part, to the card or to store credit (ADRs 0225, 0254): how much, where
 * it went and when it arrives, in the order's language.
 */
export function refundEmail(notice: RefundNotice, origin: string): Promise<OutboundMessage> {
  const locale: Locale = isLocale(notice.order.locale) ? notice.order.locale : "en_US";
  const t = translator(locale);
  const { order, amount } = notice;
  const toCredit = notice.destination === "CREDIT";
  const body = toCredit
    ? t("purchase.email.refundCredit", {
        amount,
        code: order.code,
        plan: order.planTitle,
        credit: notice.credit ?? amount,
      })
    : t("purchase.email.refundCard", { amount, code: order.code, plan: order.planTitle });
  return designedEmail({
    to: order.contactEmail,
    subject: t("purchase.email.refundSubject", { amount, code: order.code }),
    locale,
    origin,
    preview: body,
    blocks: [
      { kind: "heading", text: toCredit ? t("mail.refundHeadingCredit") : t("mail.refundHeading") },
      { kind: "text", text: body },
      {
        kind: "text",
        text: notice.full ? t("purchase.email.refundFull") : t("purchase.email.refundPartial"),
      },
      {
        kind: "facts",
        lines: [
          t("mail.fact.order", { code: order.code }),
          t("mail.fact.plan", { plan: order.planTitle }),
          t("mail.fact.refund", { amount }),
          t("mail.fact.refundTo", {
            destination: toCredit ? t("mail.destination.credit") : t("mail.destination.card"),
          }),
        ],
      },
      {
        kind: "button",
        text: t("mail.viewOrder"),
        url: `${origin}${localePath(locale, `/my/order/${order.code}`, true)}`,
      },
    ],
  });
}

/**
 * A shopper's refund request an operator declined (issue 29, ADR 0357): the operator's reason, in the order's
 * language, with the way back to the order.
 */
export function refundDeclinedEmail(
  order: { code: string; planTitle: string; contactEmail: string; locale: string },
  reason: string,
  origin: string,
): Promise<OutboundMessage> {
  const locale: Locale = isLocale(order.locale) ? order.locale : "en_US";
  const t = translator(locale);
  const body = t("purchase.email.refundDeclined", { code: order.code, plan: order.planTitle });
  return designedEmail({
    to: order.contactEmail,
    subject: t("purchase.email.refundDeclinedSubject", { code: order.code }),
    locale,
    origin,
    preview: body,
    blocks: [
      { kind: "text", text: body },
      { kind: "text", text: reason },
      { kind: "text", text: t("purchase.email.refundDeclinedHelp") },
      {
        kind: "facts",
        lines: [t("mail.fact.order", { code: order.code }), t("mail.fact.plan", { plan: order.planTitle })],
      },
      {
        kind: "button",
        text: t("mail.viewOrder"),
        url: `${origin}${localePath(locale, `/my/order/${order.code}`, true)}`,
      },
    ],
  });
}
