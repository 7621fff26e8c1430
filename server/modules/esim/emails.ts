import QRCode from "qrcode";
import type { Locale } from "../../../core/constants.ts";
import { appleInstallUrl, esimPath } from "../../../core/esim.ts";
import { translate } from "../../../core/i18n/index.ts";
import { localePath } from "../../../core/locale-path.ts";
import { designedEmail, type EmailBlock } from "../../providers/messages/email-template.ts";
import type { OutboundMessage } from "../../providers/messages/outbox.ts";
import { activationCode } from "../../providers/supplier/formats.ts";
import type { EsimRow } from "./repo.ts";

// The e-mails about eSIMs (ADR 0134), in the order's language: delivery with QR codes, top-up, failure and
// refund, 80 % used and plan ended. Delivery and top-up are designed e-mails (ADR 0250).

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
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(locale, key, params);
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
  const url = storeLink(origin, locale, esimPath(target.id));
  const body = translate(locale, "esim.email.topUpBody", {
    code: order.code,
    plan: order.planTitle,
    iccid: target.iccid,
    url,
  });
  return designedEmail({
    to: order.contactEmail,
    subject: translate(locale, "esim.email.topUpSubject", { code: order.code }),
    locale,
    origin,
    preview: body,
    blocks: [
      { kind: "heading", text: translate(locale, "mail.topUpHeading") },
      { kind: "text", text: body },
      { kind: "button", text: translate(locale, "mail.openEsim"), url },
    ],
  });
}

export function plainEmail(to: string, subject: string, body: string): OutboundMessage {
  return { channel: "EMAIL", to, subject, body };
}
