import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { isLocale, type Locale } from "../../../core/constants.ts";
import { escapeHtml } from "../../../core/html-escape.ts";
import { type MessageKey, translator } from "../../../core/i18n/index.ts";
import { type CurrencyFormat, formatPrice } from "../../../core/money.ts";
import { newNonce } from "../../http/request-info.ts";
import { type CardOutcome, SANDBOX_WALLETS, type SandboxPayments, type SandboxWallet } from "./sandbox.ts";

const SessionParam = z.object({ sessionId: z.string().regex(/^ps_[0-9a-f]{24}$/) });
const CardForm = z.object({
  number: z.string().max(40).default(""),
  expiry: z.string().max(10).default(""),
  cvc: z.string().max(8).default(""),
  lang: z.string().max(8).optional(),
});
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
      view: { status: number; error?: MessageKey; challenge?: boolean; wallet?: SandboxWallet },
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
      const amount = session ? formatPrice(session.amount, await currencyFormat(session.currencyCode)) : "";
      const action = `/__sandbox/pay/${sessionId}`;
      const lang = `<input type="hidden" name="lang" value="${locale}">`;
      let body: string;
      if (!session || !open) {
        body = `<p role="alert">${t("purchase.sandbox.closed")}</p>${
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
      } else {
        const wallets = (Object.keys(SANDBOX_WALLETS) as SandboxWallet[])
          .map(
            (wallet) =>
              `<button type="submit" name="wallet" value="${wallet}" class="wallet">${SANDBOX_WALLETS[wallet]}</button>`,
          )
          .join("");
        body = `${view.error ? `<p role="alert" class="error">${t(view.error)}</p>` : ""}
<form method="post" action="${action}/wallet" aria-labelledby="express">${lang}
<h2 id="express">${t("purchase.sandbox.express")}</h2>${wallets}</form>
<h2>${t("purchase.sandbox.orCard")}</h2>
<form method="post" action="${action}">${lang}
<label>${t("purchase.sandbox.cardNumber")}<input name="number" inputmode="numeric" autocomplete="cc-number" required></label>
<label>${t("purchase.sandbox.expiry")}<input name="expiry" autocomplete="cc-exp" placeholder="12/34" required></label>
<label>${t("purchase.sandbox.cvc")}<input name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label>
<button type="submit">${t("purchase.sandbox.pay")} ${escapeHtml(amount)}</button></form>
<p class="hint">${t("purchase.sandbox.testCards")}</p>
<p><a href="${escapeHtml(session.cancelUrl)}">${t("purchase.sandbox.cancel")}</a></p>`;
      }
      return reply.send(`<!doctype html><html lang="${locale.replace("_", "-")}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${t("purchase.sandbox.title", { amount })}</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
.test{background:#b45309;color:#fff;font-weight:700;padding:.5rem 1rem;text-align:center}label{display:block;margin:.75rem 0}
input{display:block;width:100%;padding:.5rem;font-size:1rem}button{margin:.75rem .5rem 0 0;padding:.6rem 1.2rem;font-size:1rem}
.wallet{background:#000;color:#fff;border:0;border-radius:.5rem;min-width:10rem}h2{font-size:1.1rem;margin:1.25rem 0 .25rem}
.error{color:#b91c1c}.hint{color:#475569;font-size:.9rem}</style></head><body>
<div class="test" role="note">${t("purchase.sandbox.testMode")}</div>
<h1>${t("purchase.sandbox.title", { amount })}</h1>${session ? `<p>${escapeHtml(session.description)}</p>` : ""}
${body}</body></html>`);
    }

    async function answer(reply: FastifyReply, sessionId: string, locale: Locale, outcome: CardOutcome) {
      if (outcome.kind === "paid") return reply.redirect(outcome.redirectTo, 303);
      if (outcome.kind === "challenge")
        return page(reply, sessionId, locale, { status: 200, challenge: true });
      if (outcome.kind === "closed") return page(reply, sessionId, locale, { status: 410 });
      return page(reply, sessionId, locale, { status: 402, error: outcome.messageKey });
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
      const outcome = await sandbox.submitCard(params.data.sessionId, form.data);
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
