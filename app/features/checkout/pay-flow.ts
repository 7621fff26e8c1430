import type { Locale } from "../../../core/constants.ts";
import { localePath } from "../../../core/locale-path.ts";
import { BridgeError, getAppBridge } from "../../lib/bridge/index.ts";
import type { HttpClient } from "../../lib/http/client.ts";

export interface PaymentStart {
  provider: string;
  sessionId: string;
  redirectUrl: string;
  /** Paid already (a card accepted before this tap): `redirectUrl` is the order's result page. */
  paid?: boolean;
}

/**
 * Starts paying an order (ADR 0112): asks the server for the provider's hosted page, then either hands it to
 * the native app's pay method (inside the app, ADR 0021) or goes there. The app presents the hosted page itself
 * and answers when the shopper is done; the web view then moves on to the pay result page, which asks the
 * server for the truth either way (ADR 0156).
 */
export async function startPayment(
  api: HttpClient,
  orderCode: string,
  locale: Locale,
  options: { onFailed?: (error: unknown) => void } = {},
): Promise<"redirected" | "app"> {
  const started = await api.post<PaymentStart>(
    `/o2pay/v1/customer/orders/${encodeURIComponent(orderCode)}/pay`,
    undefined,
    options.onFailed ? { onFailed: options.onFailed } : {},
  );
  const bridge = getAppBridge();
  // A zero-total order is already paid ("free", ADR 0121), as is an order whose card was accepted before this tap
  // (ADR 0421): its redirectUrl is the result page, nothing to pay, so the app is not asked to present it.
  if (bridge.available && started.provider !== "free" && !started.paid) {
    let outcome: "done" | "given-up" | "unsupported";
    try {
      const { status } = await bridge.pay({ orderCode, paymentUrl: started.redirectUrl });
      outcome = status === "cancelled" || status === "failed" ? "given-up" : "done";
    } catch (error) {
      // An older app without pay falls back to the web page; an app that reports an error gave up on paying
      // (ADR 0156); a timeout or an unreadable reply says nothing, so the result page asks the server.
      const code = error instanceof BridgeError ? error.code : null;
      outcome = code === "unsupported" ? "unsupported" : code === "native_error" ? "given-up" : "done";
    }
    if (outcome === "unsupported") {
      window.location.assign(started.redirectUrl);
      return "redirected";
    }
    // The result page asks the server either way: a paid order shows as paid even after "cancelled". When the
    // shopper gave up in the app, `cancelled=1` makes an unpaid order say "not completed" with "Try again" at
    // once, as the hosted page's own cancel link does, instead of waiting for a payment that is not coming.
    const query = `?orderCode=${encodeURIComponent(orderCode)}${outcome === "given-up" ? "&cancelled=1" : ""}`;
    window.location.assign(`${localePath(locale, "/pay/result", true)}${query}`);
    return "app";
  }
  window.location.assign(started.redirectUrl);
  return "redirected";
}

/** One key per checkout attempt: a double click or a retried request gives one order (ADR 0101). */
export function newIdempotencyKey(): string {
  return `co_${crypto.randomUUID()}`;
}
