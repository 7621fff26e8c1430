import QRCode from "qrcode";
import type { Locale } from "../../../core/constants.ts";
import { appleInstallUrl, esimPath } from "../../../core/esim.ts";
import { translator } from "../../../core/i18n/index.ts";
import { localePath } from "../../../core/locale-path.ts";
import { designedEmail, type EmailBlock, iccidEnding } from "../../providers/messages/email-template.ts";
import type { OutboundMessage } from "../../providers/messages/outbox.ts";
import { activationCode } from "../../providers/supplier/formats.ts";
import type { EsimRow } from "./repo.ts";

// The e-mails about eSIMs (ADR 0134), in the order's language: delivery with QR codes, top-up, failure and
// refund, 80 % used and plan ended, all designed e-mails from one template (ADRs 0250, 0254).

/** A storefront link in the locale (en_US unprefixed, spec 2). */
export function storeLink(origin: string, locale: Locale, path: string): string {
  return `${origin}${localePath(locale, path, true)}`;
}

export function topUpLink(origin: string, locale: Locale, productCode: string, iccid: string): string {
  const query = new URLSearchParams({ platformProductCode: productCode, iccid });
  return storeLink(origin, locale, `/checkout?${query}`);
}

/** 850 MB, 2.5 GB (1 GB = 1024 MB). */
export function formatData(mb: number): string {
  if (mb < 1024) return `${mb} MB`;
  return `${Number((mb / 1024).toFixed(1))} GB`;
}

export function lpaOf(esim: Pick<EsimRow, "smdpAddress" | "matchingId" | "confirmationCode">): string {
  return activationCode(esim.smdpAddress, esim.matchingId, esim.confirmationCode !== null);
}

export async function deliveryEmail(
  order: { code: string; planTitle: string; contactEmail: string },
  issued: EsimRow[],
  locale: Locale,
  origin: string,
): Promise<OutboundMessage> {
  const t = translator(locale);
  const intro =
    issued.length > 1
      ? t("esim.email.deliveryIntroMany", { code: order.code, plan: order.planTitle, count: issued.length })
      : t("esim.email.deliveryIntro", { code: order.code, plan: order.planTitle });
  const blocks: EmailBlock[] = [
    { kind: "heading", text: t("mail.deliveryHeading") },
    { kind: "text", text: intro },
  ];
  for (const [index, esim] of issued.entries()) {
    const lpa = lpaOf(esim);
    const url = storeLink(origin, locale, esimPath(esim.id));
    // Read on the phone itself, the QR code cannot be scanned: Apple's one-tap link works without signing in.
    const oneTap = appleInstallUrl(lpa);
    const qr = await QRCode.toDataURL(lpa, { errorCorrectionLevel: "M", margin: 2, width: 240 });
    if (index > 0) blocks.push({ kind: "divider" });
    if (issued.length > 1)
      blocks.push({ kind: "heading", text: t("esim.email.esimHeading", { n: index + 1 }) });
    blocks.push(
      { kind: "button", text: t("mail.openEsim"), url },
      { kind: "link", text: t("esim.email.oneTapIosLink"), url: oneTap },
      { kind: "text", text: t("esim.email.scan") },
      { kind: "image", src: qr, alt: t("esim.email.qrAlt", { iccid: esim.iccid }), size: 240 },
      { kind: "text", text: t("esim.email.manual") },
      {
        kind: "facts",
        lines: [
          t("esim.email.iccid", { value: esim.iccid }),
          t("esim.email.smdp", { value: esim.smdpAddress }),
          t("esim.email.activationCode", { value: esim.matchingId }),
          t("esim.email.lpa", { value: lpa }),
          ...(esim.confirmationCode
            ? [t("esim.email.confirmationCode", { value: esim.confirmationCode })]
            : []),
        ],
      },
      { kind: "text", text: t("esim.email.apn", { apn: esim.apnName }) },
    );
  }
  return designedEmail({
    to: order.contactEmail,
    subject: t("esim.email.deliverySubject", { code: order.code }),
    locale,
    origin,
    preview: intro,
    blocks,
  });
}

/** The top-up e-mail (issue 12): data added to an eSIM already installed, so nothing to install. */
export function topUpEmail(
  order: { code: string; planTitle: string; contactEmail: string },
  target: Pick<EsimRow, "id" | "iccid">,
  locale: Locale,
  origin: string,
): Promise<OutboundMessage> {
  const t = translator(locale);
  const url = storeLink(origin, locale, esimPath(target.id));
  const body = t("esim.email.topUpBody", {
    code: order.code,
    plan: order.planTitle,
    iccid: target.iccid,
    url,
  });
  return designedEmail({
    to: order.contactEmail,
    subject: t("esim.email.topUpSubject", { code: order.code }),
    locale,
    origin,
    preview: body,
    blocks: [
      { kind: "heading", text: t("mail.topUpHeading") },
      { kind: "text", text: body },
      { kind: "button", text: t("mail.openEsim"), url },
    ],
  });
}

/** Where a shopper picks a top-up for an eSIM (issue 12): the packages that fit it, its own plan preselected. */
export function topUpPickerLink(origin: string, locale: Locale, esimId: string): string {
  return storeLink(origin, locale, `${esimPath(esimId)}/top-up`);
}

/**
 * Provisioning failed and the order was refunded in full (ADR 0151): what failed, the refund in the order's
 * currency, the order's page and a way to try again.
 */
export function failureEmail(
  order: {
    code: string;
    planTitle: string;
    platformProductCode: string;
    contactEmail: string;
    topUpIccid: string | null;
  },
  facts: { refund: string; cancelled: boolean },
  locale: Locale,
  origin: string,
): Promise<OutboundMessage> {
  const t = translator(locale);
  const body = t("esim.email.failedBody", { code: order.code, plan: order.planTitle });
  return designedEmail({
    to: order.contactEmail,
    subject: t("esim.email.failedSubject", { code: order.code }),
    locale,
    origin,
    preview: body,
    blocks: [
      { kind: "heading", text: t("mail.failedHeading") },
      { kind: "text", text: body },
      // Profiles issued before the failure showed in the shopper's list: say they are gone (ADR 0151).
      ...(facts.cancelled ? [{ kind: "text" as const, text: t("esim.email.failedCancelled") }] : []),
      {
        kind: "facts",
        lines: [
          t("mail.fact.order", { code: order.code }),
          t("mail.fact.plan", { plan: order.planTitle }),
          ...(order.topUpIccid ? [t("mail.fact.esim", { last: iccidEnding(order.topUpIccid) })] : []),
          t("mail.fact.refund", { amount: facts.refund }),
        ],
      },
      {
        kind: "button",
        text: t("mail.viewOrder"),
        url: storeLink(origin, locale, `/my/order/${order.code}`),
      },
      {
        kind: "link",
        text: t("mail.tryAgain"),
        url: order.topUpIccid
          ? storeLink(origin, locale, "/ucenter/eSIM")
          : storeLink(origin, locale, `/pdp/${encodeURIComponent(order.platformProductCode)}`),
      },
    ],
  });
}

interface NoticeFacts {
  to: string;
  plan: string;
  esim: Pick<EsimRow, "id" | "iccid">;
}

/** 80 % of a package's data is used (ADR 0133): how much, on which eSIM, and a top-up in one tap. */
export function lowDataEmail(
  notice: NoticeFacts & { used: string; total: string },
  locale: Locale,
  origin: string,
): Promise<OutboundMessage> {
  const t = translator(locale);
  const last = iccidEnding(notice.esim.iccid);
  const body = t("esim.email.lowBody", { plan: notice.plan, last, used: notice.used, total: notice.total });
  return designedEmail({
    to: notice.to,
    subject: t("esim.email.lowSubject", { plan: notice.plan }),
    locale,
    origin,
    preview: body,
    blocks: [
      { kind: "heading", text: t("mail.lowHeading") },
      { kind: "text", text: body },
      {
        kind: "facts",
        lines: [
          t("mail.fact.plan", { plan: notice.plan }),
          t("mail.fact.esim", { last }),
          t("mail.fact.used", { used: notice.used, total: notice.total }),
        ],
      },
      { kind: "button", text: t("mail.topUpButton"), url: topUpPickerLink(origin, locale, notice.esim.id) },
      { kind: "link", text: t("mail.openEsim"), url: storeLink(origin, locale, esimPath(notice.esim.id)) },
    ],
  });
}

/** A package ran its course (ADR 0133): the same eSIM can take more data, nothing to install. */
export function planEndedEmail(
  notice: NoticeFacts,
  locale: Locale,
  origin: string,
): Promise<OutboundMessage> {
  const t = translator(locale);
  const last = iccidEnding(notice.esim.iccid);
  const body = t("esim.email.expiredBody", { plan: notice.plan, last });
  return designedEmail({
    to: notice.to,
    subject: t("esim.email.expiredSubject", { plan: notice.plan }),
    locale,
    origin,
    preview: body,
    blocks: [
      { kind: "heading", text: t("mail.endedHeading") },
      { kind: "text", text: body },
      { kind: "facts", lines: [t("mail.fact.plan", { plan: notice.plan }), t("mail.fact.esim", { last })] },
      { kind: "button", text: t("mail.topUpButton"), url: topUpPickerLink(origin, locale, notice.esim.id) },
      { kind: "link", text: t("mail.openEsim"), url: storeLink(origin, locale, esimPath(notice.esim.id)) },
    ],
  });
}
