import type { FastifyInstance, FastifyReply } from "fastify";
import QRCode from "qrcode";
import { z } from "zod";
import { isLocale, type Locale } from "../../../core/constants.ts";
import { escapeHtml } from "../../../core/html-escape.ts";
import { type MessageKey, translator } from "../../../core/i18n/index.ts";
import { type CurrencyFormat, formatPrice } from "../../../core/money.ts";
import { newNonce } from "../../http/request-info.ts";
import { isPhone, METHOD_NAMES, methodsFor, type PaymentMethod } from "./methods.ts";
import {
  type CardOutcome,
  LOCAL_ACTIONS,
  SANDBOX_LOCAL_METHODS,
  SANDBOX_WALLETS,
  type SandboxLocalMethod,
  type SandboxPayments,
  type SandboxWallet,
} from "./sandbox.ts";

const SessionParam = z.object({ sessionId: z.string().regex(/^ps_[0-9a-f]{24}$/) });
const CardForm = z.object({
  number: z.string().max(40).default(""),
  expiry: z.string().max(10).default(""),
  cvc: z.string().max(8).default(""),
  /** The "save this card" box (a checkbox: "on" when ticked, absent otherwise). */
  save: z.literal("on").optional(),
  lang: z.string().max(8).optional(),
});
const SavedForm = z.object({
  card: z.string().regex(/^pm_[0-9a-f]{24}$/),
  lang: z.string().max(8).optional(),
});
const LocalParam = SessionParam.extend({ method: z.enum(SANDBOX_LOCAL_METHODS) });
const LocalForm = z.object({ method: z.enum(SANDBOX_LOCAL_METHODS), lang: z.string().max(8).optional() });
const AppForm = z.object({ action: z.enum(LOCAL_ACTIONS), lang: z.string().max(8).optional() });
const ChallengeForm = z.object({ action: z.enum(["approve", "fail"]), lang: z.string().max(8).optional() });
const WalletForm = z.object({
  wallet: z.enum(Object.keys(SANDBOX_WALLETS) as [SandboxWallet, ...SandboxWallet[]]),
  /** Absent: the button was pressed and the wallet's sheet opens; "approve" or "back" answer the sheet. */
  action: z.enum(["approve", "back"]).optional(),
  lang: z.string().max(8).optional(),
});

function localeOf(value: unknown): Locale {
  return isLocale(value) ? value : "en_US";
}

/**
 * The sandbox's hosted payment page (ADR 0104): plain server-rendered HTML and form posts, no script at all,
 * so it runs under a strict CSP; its one style block carries the response's nonce.
 */
export function sandboxPaymentRoutes(
  app: FastifyInstance,
  sandbox: SandboxPayments,
  currencyFormat: (code: string) => Promise<CurrencyFormat>,
  /** The hosted page's public origin ("" : the request's own), for the QR code's absolute address. */
  publicOrigin = "",
) {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    async function page(
      reply: FastifyReply,
      sessionId: string,
      locale: Locale,
      view: {
        status: number;
        error?: MessageKey;
        /** The method an error names ({method} in the message). */
        errorMethod?: PaymentMethod;
        challenge?: boolean;
        wallet?: SandboxWallet;
        /** A local wallet's step: its QR code (desktop) or its app's approval page (phone, or the scanned code). */
        local?: { method: SandboxLocalMethod; qr?: string };
      },
    ) {
      const plain = translator(locale);
      const t = (key: MessageKey, params?: Record<string, string | number>) => escapeHtml(plain(key, params));
      const session = await sandbox.session(sessionId);
      const nonce = newNonce();
      reply
        .status(session ? view.status : 404)
        .header(
          "content-security-policy",
          `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
        )
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8");
      const open = session && (session.status === "OPEN" || session.status === "CHALLENGE");
      const name = (method: PaymentMethod) => escapeHtml(METHOD_NAMES[method][locale]);
      const amount = session ? formatPrice(session.amount, await currencyFormat(session.currencyCode)) : "";
      const action = `/__sandbox/pay/${sessionId}`;
      const lang = `<input type="hidden" name="lang" value="${locale}">`;
      let body: string;
      if (!session || !open) {
        body = `<p role="alert">${t(session?.status === "PROCESSING" ? "purchase.sandbox.processing" : "purchase.sandbox.closed")}</p>${
          session
            ? `<p><a href="${escapeHtml(session.cancelUrl)}">${t("purchase.sandbox.cancel")}</a></p>`
            : ""
        }`;
      } else if (view.challenge || session.status === "CHALLENGE") {
        body = `<h2>${t("purchase.sandbox.challengeTitle")}</h2><p>${t("purchase.sandbox.challengeText")}</p>
<form method="post" action="${action}/challenge">${lang}
<button type="submit" name="action" value="approve">${t("purchase.sandbox.challengeApprove")}</button>
<button type="submit" name="action" value="fail">${t("purchase.sandbox.challengeFail")}</button></form>`;
      } else if (view.wallet) {
        // The wallet's own sheet, as the device shows it over the page: confirm, or go back to the other ways.
        const wallet = `<input type="hidden" name="wallet" value="${view.wallet}">`;
        body = `<h2>${t("purchase.sandbox.walletTitle", { wallet: SANDBOX_WALLETS[view.wallet] })}</h2>
<p>${t("purchase.sandbox.walletText")}</p>
<form method="post" action="${action}/wallet">${lang}${wallet}
<button type="submit" name="action" value="approve">${t("purchase.sandbox.walletApprove")} ${escapeHtml(amount)}</button>
<button type="submit" name="action" value="back">${t("purchase.sandbox.walletBack")}</button></form>`;
      } else if (view.local) {
        // The wallet's step: on a desktop its QR code, which a phone scans to reach the app's page; in the
        // app (a phone's redirect, or the scanned code), approve, approve with a late settlement, decline, cancel.
        const method = view.local.method;
        const actions = LOCAL_ACTIONS.map(
          (step) =>
            `<button type="submit" name="action" value="${step}">${t(`purchase.sandbox.local.${step}`)}</button>`,
        ).join("");
        const controls = `<form method="post" action="${action}/app/${method}">${lang}${actions}</form>`;
        body = view.local.qr
          ? `<h2>${t("purchase.sandbox.localTitle", { method: METHOD_NAMES[method][locale] })}</h2>
<p>${t("purchase.sandbox.qrText", { method: METHOD_NAMES[method][locale] })}</p>
<div class="qr" role="img" aria-label="${t("purchase.sandbox.qrLabel", { method: METHOD_NAMES[method][locale] })}">${view.local.qr}</div>
<h2>${t("purchase.sandbox.testPhone")}</h2>${controls}
<form method="get" action="${action}"><input type="hidden" name="lang" value="${locale}"><button type="submit">${t("purchase.sandbox.walletBack")}</button></form>`
          : `<h2>${t("purchase.sandbox.appTitle", { method: METHOD_NAMES[method][locale] })}</h2>
<p>${t("purchase.sandbox.appText", { amount })}</p>${controls}`;
      } else {
        const order = methodsFor(session.currencyCode, locale);
        const wallets = order
          .filter((method): method is SandboxWallet => method in SANDBOX_WALLETS)
          .map(
            (wallet) =>
              `<button type="submit" name="wallet" value="${wallet}" class="wallet">${SANDBOX_WALLETS[wallet]}</button>`,
          )
          .join("");
        const locals = order.filter((method): method is SandboxLocalMethod =>
          (SANDBOX_LOCAL_METHODS as readonly string[]).includes(method),
        );
        const saved = await sandbox.savedCardsOf(sessionId);
        const sections: Record<"wallets" | "card" | "local", string> = {
          wallets: `<form method="post" action="${action}/wallet" aria-labelledby="express">${lang}
<h2 id="express">${t("purchase.sandbox.express")}</h2>${wallets}</form>`,
          local: locals.length
            ? `<form method="post" action="${action}/local" aria-labelledby="local">${lang}
<h2 id="local">${t("purchase.sandbox.localWallets")}</h2>${locals
                .map(
                  (method) =>
                    `<button type="submit" name="method" value="${method}" class="wallet ${method}">${name(method)}</button>`,
                )
                .join("")}</form>`
            : "",
          card: `<h2>${t("purchase.sandbox.orCard")}</h2>
<form method="post" action="${action}">${lang}
<label>${t("purchase.sandbox.cardNumber")}<input name="number" inputmode="numeric" autocomplete="cc-number" required></label>
<label>${t("purchase.sandbox.expiry")}<input name="expiry" autocomplete="cc-exp" placeholder="12/34" required></label>
<label>${t("purchase.sandbox.cvc")}<input name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label>
${session.customerRef ? `<label class="check"><input type="checkbox" name="save" value="on"> ${t("purchase.sandbox.saveCard")}</label>` : ""}
<button type="submit">${t("purchase.sandbox.pay")} ${escapeHtml(amount)}</button></form>
<p class="hint">${t("purchase.sandbox.testCards")}</p>`,
        };
        // The sections in the order the shopper's language shows the methods (ADR 0323); saved cards first.
        const sectionOf = (method: PaymentMethod) =>
          method in SANDBOX_WALLETS ? "wallets" : method === "card" ? "card" : "local";
        const shown = [...new Set(order.map(sectionOf))];
        const savedCards = saved.length
          ? `<form method="post" action="${action}/saved" aria-labelledby="saved">${lang}
<h2 id="saved">${t("purchase.sandbox.savedCards")}</h2>${saved
              .map(
                (card) =>
                  `<button type="submit" name="card" value="${escapeHtml(card.id)}" class="saved">${t("purchase.sandbox.payWithSaved", { amount, brand: card.brand.toUpperCase(), last4: card.last4 })}</button>`,
              )
              .join("")}</form>`
          : "";
        const error = view.error
          ? `<p role="alert" class="error">${t(view.error, view.errorMethod ? { method: METHOD_NAMES[view.errorMethod][locale] } : undefined)}</p>`
          : "";
        body = `${error}${savedCards}
${shown.map((section) => sections[section]).join("\n")}
<p><a href="${escapeHtml(session.cancelUrl)}">${t("purchase.sandbox.cancel")}</a></p>`;
      }
      return reply.send(`<!doctype html><html lang="${locale.replace("_", "-")}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${t("purchase.sandbox.title", { amount })}</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
.test{background:#b45309;color:#fff;font-weight:700;padding:.5rem 1rem;text-align:center}label{display:block;margin:.75rem 0}
input{display:block;width:100%;padding:.5rem;font-size:1rem}button{margin:.75rem .5rem 0 0;padding:.6rem 1.2rem;font-size:1rem}
.wallet{background:#000;color:#fff;border:0;border-radius:.5rem;min-width:10rem}h2{font-size:1.1rem;margin:1.25rem 0 .25rem}
.error{color:#b91c1c}.hint{color:#475569;font-size:.9rem}.alipay{background:#0e5fd8}.wechat_pay{background:#07883a}
.saved{background:#1e3a8a;color:#fff;border:0;border-radius:.5rem}.check{display:flex;gap:.5rem;align-items:center}
.check input{width:auto;display:inline}.qr svg{width:14rem;height:14rem}</style></head><body>
<div class="test" role="note">${t("purchase.sandbox.testMode")}</div>
<h1>${t("purchase.sandbox.title", { amount })}</h1>${session ? `<p>${escapeHtml(session.description)}</p>` : ""}
${body}</body></html>`);
    }

    async function answer(reply: FastifyReply, sessionId: string, locale: Locale, outcome: CardOutcome) {
      if (outcome.kind === "paid" || outcome.kind === "cancelled")
        return reply.redirect(outcome.redirectTo, 303);
      if (outcome.kind === "challenge")
        return page(reply, sessionId, locale, { status: 200, challenge: true });
      if (outcome.kind === "closed") return page(reply, sessionId, locale, { status: 410 });
      return page(reply, sessionId, locale, {
        status: 402,
        error: outcome.messageKey,
        errorMethod: outcome.method,
      });
    }

    scope.get("/__sandbox/pay/:sessionId", async (request, reply) => {
      const params = SessionParam.safeParse(request.params);
      const locale = localeOf((request.query as Record<string, unknown>)?.lang);
      if (!params.success) return page(reply, "ps_invalid", locale, { status: 404 });
      return page(reply, params.data.sessionId, locale, { status: 200 });
    });

    scope.post("/__sandbox/pay/:sessionId", async (request, reply) => {
      const params = SessionParam.safeParse(request.params);
      const form = CardForm.safeParse(request.body ?? {});
      const locale = localeOf(form.success ? form.data.lang : undefined);
      if (!params.success) return page(reply, "ps_invalid", locale, { status: 404 });
      if (!form.success)
        return page(reply, params.data.sessionId, locale, {
          status: 400,
          error: "purchase.sandbox.badCard",
        });
      const outcome = await sandbox.submitCard(params.data.sessionId, {
        ...form.data,
        save: form.data.save === "on",
      });
      return answer(reply, params.data.sessionId, locale, outcome);
    });

    scope.post("/__sandbox/pay/:sessionId/wallet", async (request, reply) => {
      const params = SessionParam.safeParse(request.params);
      const form = WalletForm.safeParse(request.body ?? {});
      const locale = localeOf(form.success ? form.data.lang : undefined);
      if (!params.success) return page(reply, "ps_invalid", locale, { status: 404 });
      if (!form.success) return page(reply, params.data.sessionId, locale, { status: 400 });
      const { wallet, action: step } = form.data;
      if (step === "back") return page(reply, params.data.sessionId, locale, { status: 200 });
      if (step !== "approve") {
        const session = await sandbox.session(params.data.sessionId);
        if (session?.status !== "OPEN") return page(reply, params.data.sessionId, locale, { status: 410 });
        return page(reply, params.data.sessionId, locale, { status: 200, wallet });
      }
      const outcome = await sandbox.payWithWallet(params.data.sessionId, wallet);
      return answer(reply, params.data.sessionId, locale, outcome);
    });

    scope.post("/__sandbox/pay/:sessionId/saved", async (request, reply) => {
      const params = SessionParam.safeParse(request.params);
      const form = SavedForm.safeParse(request.body ?? {});
      const locale = localeOf(form.success ? form.data.lang : undefined);
      if (!params.success) return page(reply, "ps_invalid", locale, { status: 404 });
      if (!form.success) return page(reply, params.data.sessionId, locale, { status: 400 });
      const outcome = await sandbox.payWithSavedCard(params.data.sessionId, form.data.card);
      return answer(reply, params.data.sessionId, locale, outcome);
    });

    // Alipay / WeChat Pay pressed: a phone is redirected to the wallet's app, a desktop shows its QR code.
    scope.post("/__sandbox/pay/:sessionId/local", async (request, reply) => {
      const params = SessionParam.safeParse(request.params);
      const form = LocalForm.safeParse(request.body ?? {});
      const locale = localeOf(form.success ? form.data.lang : undefined);
      if (!params.success) return page(reply, "ps_invalid", locale, { status: 404 });
      if (!form.success) return page(reply, params.data.sessionId, locale, { status: 400 });
      const session = await sandbox.session(params.data.sessionId);
      if (session?.status !== "OPEN") return page(reply, params.data.sessionId, locale, { status: 410 });
      const app = `/__sandbox/pay/${params.data.sessionId}/app/${form.data.method}?lang=${locale}`;
      if (isPhone(request.headers["user-agent"])) return reply.redirect(app, 303);
      const origin = publicOrigin || `${request.protocol}://${request.host}`;
      const qr = await QRCode.toString(`${origin}${app}`, {
        type: "svg",
        margin: 1,
        errorCorrectionLevel: "M",
      });
      return page(reply, params.data.sessionId, locale, {
        status: 200,
        local: { method: form.data.method, qr },
      });
    });

    // The (simulated) wallet app's page, where the redirect or the scanned code lands.
    scope.get("/__sandbox/pay/:sessionId/app/:method", async (request, reply) => {
      const params = LocalParam.safeParse(request.params);
      const locale = localeOf((request.query as Record<string, unknown>)?.lang);
      if (!params.success) return page(reply, "ps_invalid", locale, { status: 404 });
      return page(reply, params.data.sessionId, locale, {
        status: 200,
        local: { method: params.data.method },
      });
    });

    scope.post("/__sandbox/pay/:sessionId/app/:method", async (request, reply) => {
      const params = LocalParam.safeParse(request.params);
      const form = AppForm.safeParse(request.body ?? {});
      const locale = localeOf(form.success ? form.data.lang : undefined);
      if (!params.success) return page(reply, "ps_invalid", locale, { status: 404 });
      if (!form.success)
        return page(reply, params.data.sessionId, locale, {
          status: 400,
          local: { method: params.data.method },
        });
      const outcome = await sandbox.localAction(params.data.sessionId, params.data.method, form.data.action);
      return answer(reply, params.data.sessionId, locale, outcome);
    });

    scope.post("/__sandbox/pay/:sessionId/challenge", async (request, reply) => {
      const params = SessionParam.safeParse(request.params);
      const form = ChallengeForm.safeParse(request.body ?? {});
      const locale = localeOf(form.success ? form.data.lang : undefined);
      if (!params.success) return page(reply, "ps_invalid", locale, { status: 404 });
      if (!form.success) return page(reply, params.data.sessionId, locale, { status: 400, challenge: true });
      const outcome = await sandbox.completeChallenge(params.data.sessionId, form.data.action === "approve");
      return answer(reply, params.data.sessionId, locale, outcome);
    });
  });
}
