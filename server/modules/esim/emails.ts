import QRCode from "qrcode";
import type { Locale } from "../../../core/constants.ts";
import { appleInstallUrl, esimPath } from "../../../core/esim.ts";
import { translate } from "../../../core/i18n/index.ts";
import { localePath } from "../../../core/locale-path.ts";
import type { OutboundMessage } from "../../providers/messages/outbox.ts";
import { activationCode } from "../../providers/supplier/formats.ts";
import type { EsimRow } from "./repo.ts";

// The e-mails about eSIMs (ADR 0134), in the order's language: delivery with QR codes, top-up, failure and
// refund, 80 % used and plan ended.

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

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
  const text: string[] = [intro];
  const html: string[] = [`<p>${escapeHtml(intro)}</p>`];
  for (const [index, esim] of issued.entries()) {
    const lpa = lpaOf(esim);
    const url = storeLink(origin, locale, esimPath(esim.id));
    // Read on the phone itself, the QR code cannot be scanned: Apple's one-tap link works without signing in.
    const oneTap = appleInstallUrl(lpa);
    const qr = await QRCode.toDataURL(lpa, { errorCorrectionLevel: "M", margin: 2, width: 240 });
    const lines = [
      t("esim.email.iccid", { value: esim.iccid }),
      t("esim.email.smdp", { value: esim.smdpAddress }),
      t("esim.email.activationCode", { value: esim.matchingId }),
      t("esim.email.lpa", { value: lpa }),
      ...(esim.confirmationCode ? [t("esim.email.confirmationCode", { value: esim.confirmationCode })] : []),
    ];
    const heading = issued.length > 1 ? t("esim.email.esimHeading", { n: index + 1 }) : "";
    text.push(
      [
        heading,
        t("esim.email.installLink", { url }),
        t("esim.email.oneTapIos", { url: oneTap }),
        t("esim.email.manual"),
        ...lines,
        t("esim.email.apn", { apn: esim.apnName }),
      ]
        .filter(Boolean)
        .join("\n"),
    );
    html.push(
      [
        heading ? `<h2>${escapeHtml(heading)}</h2>` : "",
        `<p>${escapeHtml(t("esim.email.scan"))}</p>`,
        `<p><img src="${qr}" width="240" height="240" alt="${escapeHtml(t("esim.email.qrAlt", { iccid: esim.iccid }))}"></p>`,
        `<p><a href="${escapeHtml(url)}">${escapeHtml(t("esim.email.installLink", { url }))}</a></p>`,
        `<p><a href="${escapeHtml(oneTap)}">${escapeHtml(t("esim.email.oneTapIosLink"))}</a></p>`,
        `<p>${escapeHtml(t("esim.email.manual"))}</p>`,
        `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
        `<p>${escapeHtml(t("esim.email.apn", { apn: esim.apnName }))}</p>`,
      ].join(""),
    );
  }
  return {
    channel: "EMAIL",
    to: order.contactEmail,
    subject: t("esim.email.deliverySubject", { code: order.code }),
    body: text.join("\n\n"),
    html: `<!doctype html><html lang="${locale.replace("_", "-")}"><body>${html.join("<hr>")}</body></html>`,
  };
}

export function plainEmail(to: string, subject: string, body: string): OutboundMessage {
  return { channel: "EMAIL", to, subject, body };
}
