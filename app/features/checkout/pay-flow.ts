import type { Locale } from "../../../core/constants.ts";
import { localePath } from "../../../core/locale-path.ts";
import { BridgeError, getAppBridge } from "../../lib/bridge/index.ts";
import type { HttpClient } from "../../lib/http/client.ts";

export interface PaymentStart {
  provider: string;
  sessionId: string;
  redirectUrl: string;
}

/**
 * Starts paying an order (ADR 0112): asks the server for the provider's hosted page, then either hands it to
 * the native app's pay method (inside the app, ADR 0021) or goes there. The app answers when the shopper is
 * done, and the web view moves on to the pay result page, which asks the server for the truth either way.
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
  // A zero-total order is already paid ("free", ADR 0121): its redirectUrl is the result page, nothing to pay.
  if (bridge.available && started.provider !== "free") {
    let unsupported = false;
    try {
      await bridge.pay({ orderCode, paymentUrl: started.redirectUrl });
    } catch (error) {
      // An older app without pay falls back to the web page; otherwise the result page says where it stands.
      unsupported = error instanceof BridgeError && error.code === "unsupported";
    }
    if (unsupported) {
      window.location.assign(started.redirectUrl);
      return "redirected";
    }
    window.location.assign(
      `${localePath(locale, "/pay/result", true)}?orderCode=${encodeURIComponent(orderCode)}`,
    );
    return "app";
  }
  window.location.assign(started.redirectUrl);
  return "redirected";
}

/** One key per checkout attempt: a double click or a retried request gives one order (ADR 0101). */
export function newIdempotencyKey(): string {
  return `co_${crypto.randomUUID()}`;
}
