import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { plainTextSelectors, render } from "@react-email/render";
import { createElement as h, type ReactNode } from "react";
import type { Locale } from "../../../core/constants.ts";
import { translator } from "../../../core/i18n/index.ts";
import { localePath } from "../../../core/locale-path.ts";
import { formatPrice } from "../../../core/money.ts";
import type { OutboundMessage } from "./outbox.ts";

/**
 * The one template system for the store's e-mails (issue 12; ADR 0250): React Email components give
 * responsive, client-safe HTML (tables, inline styles), and the same tree rendered as plain text gives the
 * text part, so the two never drift. Server code is run by Node's type stripping (no JSX), so the tree is built
 * with createElement from a short list of blocks each e-mail fills in.
 */
export type EmailBlock =
  | { kind: "heading"; text: string }
  | { kind: "text"; text: string }
  /** A large, spaced code (a verification code). */
  | { kind: "code"; text: string }
  /** The main action: a brand-coloured button; the text part shows its label and address. */
  | { kind: "button"; text: string; url: string }
  | { kind: "link"; text: string; url: string }
  /** Facts in a grey box, one per line (order lines, the codes to type by hand). */
  | { kind: "facts"; lines: string[] }
  /** An image the text part leaves out (a QR code, a data: URL sent as an inline attachment). */
  | { kind: "image"; src: string; alt: string; size: number }
  | { kind: "divider" };

export interface DesignedEmail {
  to: string;
  subject: string;
  locale: Locale;
  /** The store's origin, for the header's and footer's links; without one they are plain text. */
  origin?: string;
  /** The inbox preview line (hidden in the body). */
  preview: string;
  blocks: EmailBlock[];
  brand?: string;
}

const BRAND = "Roamly";
const COLOR = { brand: "#0747c9", ink: "#0f172a", muted: "#334155", line: "#e2e8f0", page: "#f1f5f9" };
const FONT =
  'system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","PingFang HK","Microsoft YaHei","Noto Sans CJK SC",sans-serif';

const text = { color: COLOR.ink, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" };

function block(item: EmailBlock, key: number): ReactNode {
  switch (item.kind) {
    case "heading":
      return h(
        Heading,
        { key, as: "h2", style: { color: COLOR.ink, fontSize: "20px", margin: "24px 0 8px" } },
        item.text,
      );
    case "text":
      return h(Text, { key, style: text }, item.text);
    case "code":
      return h(
        Text,
        {
          key,
          style: {
            ...text,
            fontSize: "32px",
            lineHeight: "40px",
            fontWeight: 700,
            letterSpacing: "6px",
            textAlign: "center",
            background: COLOR.page,
            borderRadius: "12px",
            padding: "16px",
          },
        },
        item.text,
      );
    case "button":
      return h(
        Section,
        { key, style: { margin: "8px 0 24px", textAlign: "center" } },
        h(
          Button,
          {
            href: item.url,
            style: {
              background: COLOR.brand,
              color: "#ffffff",
              borderRadius: "999px",
              padding: "14px 28px",
              fontSize: "16px",
              fontWeight: 600,
              textDecoration: "none",
            },
          },
          item.text,
        ),
      );
    case "link":
      return h(
        Text,
        { key, style: text },
        h(Link, { href: item.url, style: { color: COLOR.brand, textDecoration: "underline" } }, item.text),
      );
    case "facts":
      return h(
        Section,
        {
          key,
          style: { background: COLOR.page, borderRadius: "12px", padding: "12px 16px", margin: "0 0 16px" },
        },
        ...item.lines.map((line, index) =>
          h(
            Text,
            {
              key: index,
              style: { ...text, fontSize: "14px", lineHeight: "22px", margin: "0", wordBreak: "break-word" },
            },
            line,
          ),
        ),
      );
    case "image":
      return h(
        Section,
        { key, style: { textAlign: "center", margin: "0 0 16px" } },
        h(Img, {
          src: item.src,
          alt: item.alt,
          width: item.size,
          height: item.size,
          style: { margin: "0 auto" },
        }),
      );
    case "divider":
      return h(Hr, { key, style: { borderColor: COLOR.line, margin: "24px 0" } });
  }
}

function layout(email: DesignedEmail): ReactNode {
  const brand = email.brand ?? BRAND;
  const t = translator(email.locale);
  const at = (path: string) =>
    email.origin ? `${email.origin}${localePath(email.locale, path, true)}` : null;
  const home = at("/");
  const help = at("/ucenter/help");
  return h(
    Html,
    { lang: email.locale.replace("_", "-") },
    h(Head, null, h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" })),
    h(Preview, null, email.preview),
    h(
      Body,
      { style: { background: COLOR.page, fontFamily: FONT, margin: 0, padding: "24px 0" } },
      h(
        Container,
        {
          style: {
            maxWidth: "600px",
            width: "100%",
            background: "#ffffff",
            borderRadius: "16px",
            overflow: "hidden",
          },
        },
        h(
          Section,
          { style: { background: COLOR.brand, padding: "20px 32px" } },
          h(
            Text,
            { style: { color: "#ffffff", fontSize: "22px", fontWeight: 800, margin: 0, lineHeight: "28px" } },
            home
              ? h(Link, { href: home, style: { color: "#ffffff", textDecoration: "none" } }, brand)
              : brand,
          ),
          h(Text, { style: { color: "#dbe7ff", fontSize: "13px", margin: 0 } }, t("mail.tagline")),
        ),
        h(Section, { style: { padding: "24px 32px 8px" } }, ...email.blocks.map(block)),
        h(
          Section,
          { style: { borderTop: `1px solid ${COLOR.line}`, padding: "16px 32px 24px" } },
          h(
            Text,
            { style: { color: COLOR.muted, fontSize: "13px", lineHeight: "20px", margin: 0 } },
            t("mail.footer", { brand }),
          ),
          help &&
            h(
              Text,
              { style: { fontSize: "13px", margin: "8px 0 0" } },
              h(Link, { href: help, style: { color: COLOR.brand } }, t("mail.help")),
            ),
        ),
      ),
    ),
  );
}

/** Headings keep their case, lines are never re-wrapped (a link or a code must stay whole), images are left out. */
const TEXT_OPTIONS = {
  wordwrap: false as const,
  selectors: [
    ...plainTextSelectors,
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
  ],
};

/** An amount in an order's currency as the store shows it ("HK$59.90"); the code when the store lost it. */
export function formatAmount(
  amountMinor: number,
  currencyCode: string,
  currencies: ReadonlyMap<string, { symbol: string; minorDigits: number }>,
): string {
  const currency = currencies.get(currencyCode);
  return formatPrice(amountMinor, {
    currencySymbol: currency?.symbol ?? `${currencyCode} `,
    minorDigits: currency?.minorDigits ?? 2,
  });
}

/** The last four digits of an ICCID, as e-mails name an eSIM ("ending 1234"). */
export function iccidEnding(iccid: string): string {
  return iccid.slice(-4);
}

/** Renders a designed e-mail: its HTML and, from the same tree, its plain-text part. */
export async function designedEmail(email: DesignedEmail): Promise<OutboundMessage> {
  const tree = layout(email);
  const [html, body] = await Promise.all([
    render(tree),
    render(tree, { plainText: true, htmlToTextOptions: TEXT_OPTIONS }),
  ]);
  return { channel: "EMAIL", to: email.to, subject: email.subject, body: body.trim(), html };
}
