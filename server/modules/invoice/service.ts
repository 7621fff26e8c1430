import PDFDocument from "pdfkit";
import { isLocale, type Locale } from "../../../core/constants.ts";
import { translator } from "../../../core/i18n/index.ts";
import { formatPrice } from "../../../core/money.ts";
import type { OrderStatus } from "../../../db/schema/index.ts";
import { ApiError } from "../../http/errors.ts";
import type { OrderRow, OrderService } from "../order/service.ts";
import type { SiteService } from "../site/service.ts";
import { fontsFor } from "./fonts.ts";

/** Orders that were paid: an invoice exists from PAID on, and stays for a refunded order (ADR 0120). */
export const INVOICED_STATUSES: readonly OrderStatus[] = [
  "PAID",
  "FULFILLING",
  "COMPLETED",
  "REFUNDING",
  "REFUNDED",
];

export interface InvoiceServiceDeps {
  orders: Pick<OrderService, "owned">;
  currencies: SiteService["currencies"];
  /** The customer's billing address as lines in the locale (ADR 0215), or none when there is none. */
  billingAddress: (customerId: string, locale: Locale) => Promise<string[]>;
}

export interface InvoiceFile {
  filename: string;
  body: Buffer;
}

const INTL_LOCALE: Record<Locale, string> = { en_US: "en-US", zh_CN: "zh-CN", zh_HK: "zh-HK" };
const PDF_LANG: Record<Locale, string> = { en_US: "en-US", zh_CN: "zh-CN", zh_HK: "zh-HK" };

/** The invoice number is the order's: one invoice per order, found again from the order code. */
export const invoiceNumber = (orderCode: string) => `INV-${orderCode}`;

function formatTime(locale: Locale, at: Date): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
    hourCycle: "h23",
  }).format(at);
}

function formatDate(locale: Locale, at: Date): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: "UTC" }).format(at);
}

// A4 in points, with the table's columns (x, width) inside 50 pt margins.
const PAGE = { width: 595.28, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const COLUMNS = {
  item: { x: 50, width: 245 },
  quantity: { x: 300, width: 45 },
  unitPrice: { x: 350, width: 90 },
  amount: { x: 445, width: 100 },
} as const;
const INK = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#d1d5db";

/**
 * The PDF invoice of a paid order (ADR 0120), built on the server with pdfkit in the order's language: seller,
 * invoice number and date, order code, customer, the line, discounts, total, currency and the payment. CJK text
 * is set in Noto Sans SC/TC and fontkit embeds only the glyphs used.
 */
export function createInvoiceService(deps: InvoiceServiceDeps) {
  async function render(order: OrderRow): Promise<Buffer> {
    const locale: Locale = isLocale(order.locale) ? order.locale : "en_US";
    const t = translator(locale);
    const currency = (await deps.currencies()).get(order.currencyCode);
    const money = (minor: number) =>
      formatPrice(minor, {
        currencySymbol: currency?.symbol ?? order.currencyCode,
        minorDigits: currency?.minorDigits ?? 2,
      });
    const paidAt = order.paidAt ?? order.updatedAt;
    const fonts = await fontsFor(locale);
    const billingLines = await deps.billingAddress(order.customerId, locale);
    const appName = t("app.name");

    const doc = new PDFDocument({
      size: "A4",
      margin: PAGE.margin,
      lang: PDF_LANG[locale],
      displayTitle: true,
      info: {
        Title: `${t("invoice.title")} ${invoiceNumber(order.code)}`,
        Author: appName,
        Subject: order.code,
        CreationDate: paidAt,
      },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    const finished = new Promise<Buffer>((resolve, reject) => {
      doc.on("end", () => resolve(Buffer.concat(chunks)));
      doc.on("error", reject);
    });
    doc.registerFont("regular", fonts.regular);
    doc.registerFont("bold", fonts.bold);

    // Header: the store on the left, the document's title on the right.
    doc.font("bold").fontSize(18).fillColor(INK).text(appName, PAGE.margin, PAGE.margin);
    doc
      .font("bold")
      .fontSize(22)
      .text(t("invoice.title"), PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH, align: "right" });
    doc.moveDown(1.2);

    // Invoice facts, label and value per row.
    const facts: [string, string][] = [
      [t("invoice.number"), invoiceNumber(order.code)],
      [t("invoice.date"), formatDate(locale, paidAt)],
      [t("invoice.orderCode"), order.code],
      [t("invoice.status"), t(`purchase.status.${order.status}`)],
      [t("invoice.currency"), order.currencyCode],
    ];
    let y = doc.y;
    for (const [label, value] of facts) {
      doc.font("regular").fontSize(10).fillColor(MUTED).text(label, PAGE.margin, y, { width: 120 });
      doc
        .font("regular")
        .fillColor(INK)
        .text(value, PAGE.margin + 120, y, { width: CONTENT_WIDTH - 120 });
      y = doc.y + 4;
    }

    // Seller and customer side by side.
    y += 14;
    const half = CONTENT_WIDTH / 2 - 10;
    doc.font("bold").fontSize(11).fillColor(INK).text(t("invoice.seller"), PAGE.margin, y, { width: half });
    doc.font("regular").fontSize(10).text(appName, { width: half });
    doc.fillColor(MUTED).text(t("invoice.sellerNote"), { width: half });
    const sellerBottom = doc.y;
    const right = PAGE.margin + CONTENT_WIDTH / 2 + 10;
    doc.font("bold").fontSize(11).fillColor(INK).text(t("invoice.billTo"), right, y, { width: half });
    doc.font("regular").fontSize(10).text(order.contactEmail, right, doc.y, { width: half });
    for (const line of billingLines) doc.text(line, right, doc.y, { width: half });
    y = Math.max(sellerBottom, doc.y) + 24;

    // The table of lines.
    const rule = (at: number, color = RULE) =>
      doc
        .moveTo(PAGE.margin, at)
        .lineTo(PAGE.margin + CONTENT_WIDTH, at)
        .lineWidth(0.7)
        .strokeColor(color)
        .stroke();
    doc.font("bold").fontSize(10).fillColor(INK);
    doc.text(t("invoice.item"), COLUMNS.item.x, y, { width: COLUMNS.item.width });
    doc.text(t("invoice.quantity"), COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: "right" });
    doc.text(t("invoice.unitPrice"), COLUMNS.unitPrice.x, y, {
      width: COLUMNS.unitPrice.width,
      align: "right",
    });
    doc.text(t("invoice.amount"), COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: "right" });
    y = doc.y + 6;
    rule(y, INK);
    y += 8;

    doc.font("regular").fontSize(10).fillColor(INK);
    doc.text(order.planTitle, COLUMNS.item.x, y, { width: COLUMNS.item.width });
    if (order.topUpIccid)
      doc
        .fillColor(MUTED)
        .text(t("invoice.topUp", { iccid: order.topUpIccid }), { width: COLUMNS.item.width });
    const itemBottom = doc.y;
    doc.fillColor(INK);
    doc.text(String(order.quantity), COLUMNS.quantity.x, y, {
      width: COLUMNS.quantity.width,
      align: "right",
    });
    doc.text(money(order.unitPrice), COLUMNS.unitPrice.x, y, {
      width: COLUMNS.unitPrice.width,
      align: "right",
    });
    doc.text(money(order.subtotal), COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: "right" });
    y = Math.max(itemBottom, doc.y) + 8;
    rule(y);
    y += 10;

    // Totals, right-aligned under the amount column.
    const totals: [string, string, boolean][] = [[t("invoice.subtotal"), money(order.subtotal), false]];
    if (order.couponCode && order.couponDiscount > 0)
      totals.push([t("invoice.coupon", { code: order.couponCode }), money(-order.couponDiscount), false]);
    if (order.promoCode && order.promoDiscount > 0)
      totals.push([t("invoice.promo", { code: order.promoCode }), money(-order.promoDiscount), false]);
    // Store credit is a way of paying, not a discount (ADR 0241): the total is before it, then how it was paid.
    const credit = order.creditAmount ?? 0;
    totals.push([t("invoice.total"), `${money(order.total + credit)} ${order.currencyCode}`, true]);
    if (credit > 0) {
      totals.push([t("invoice.paidWithCredit"), money(credit), false]);
      totals.push([t("invoice.paidOtherwise"), money(order.total), false]);
    }
    const labelX = COLUMNS.quantity.x - 60;
    const labelWidth = COLUMNS.amount.x - labelX - 10;
    for (const [label, value, strong] of totals) {
      if (strong) {
        rule(y - 4, INK);
        y += 4;
      }
      doc
        .font(strong ? "bold" : "regular")
        .fontSize(strong ? 12 : 10)
        .fillColor(INK);
      doc.text(label, labelX, y, { width: labelWidth, align: "right" });
      doc.text(value, COLUMNS.amount.x - 40, y, { width: COLUMNS.amount.width + 40, align: "right" });
      y = doc.y + 6;
    }

    // The payment.
    y += 16;
    doc.font("bold").fontSize(11).fillColor(INK).text(t("invoice.payment"), PAGE.margin, y);
    y = doc.y + 4;
    const provider = order.paymentProvider ?? "";
    const method =
      provider === "sandbox" || provider === "stripe" || provider === "free"
        ? t(`invoice.method.${provider}`)
        : provider;
    const payment: [string, string][] = [
      [t("invoice.paymentMethod"), method],
      [t("invoice.paidAt"), formatTime(locale, paidAt)],
      [t("invoice.paymentReference"), order.providerPaymentId ?? ""],
    ];
    for (const [label, value] of payment) {
      doc.font("regular").fontSize(10).fillColor(MUTED).text(label, PAGE.margin, y, { width: 120 });
      doc.fillColor(INK).text(value, PAGE.margin + 120, y, { width: CONTENT_WIDTH - 120 });
      y = doc.y + 4;
    }

    y += 24;
    doc.font("regular").fontSize(9).fillColor(MUTED);
    doc.text(t("invoice.timeZone"), PAGE.margin, y, { width: CONTENT_WIDTH });
    doc.text(t("invoice.footer", { app: appName }), { width: CONTENT_WIDTH });

    doc.end();
    return finished;
  }

  return {
    /** The invoice of one of the customer's own orders; another customer's is a 404, an unpaid one a 409. */
    async forCustomer(customerId: string, code: string): Promise<InvoiceFile> {
      const order = await deps.orders.owned(customerId, code);
      if (!INVOICED_STATUSES.includes(order.status)) throw new ApiError(409, "invoice.notPaid");
      return { filename: `invoice-${order.code}.pdf`, body: await render(order) };
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
