import { afterEach, describe, expect, it, vi } from "vitest";
import type { HttpClient } from "../../lib/http/client.ts";
import type { PaymentStart } from "./pay-flow.ts";

// Inside the native app the hosted payment page goes to the app's pay method (ADR 0156). An order already paid
// when the shopper tapped (a card accepted whose webhook had not been applied, ADR 0421) has nothing to pay: the
// web view goes to its result page and the app is not asked to present it.

function inApp() {
  const sent: string[] = [];
  const assign = vi.fn();
  vi.stubGlobal("navigator", { userAgent: "Mozilla/5.0 RoamlyApp/3.2" });
  vi.stubGlobal("window", {
    ReactNativeWebView: { postMessage: (message: string) => sent.push(message) },
    addEventListener: () => {},
    removeEventListener: () => {},
    document: { addEventListener: () => {}, removeEventListener: () => {} },
    location: { search: "?channel=APP", origin: "https://store.example", assign },
    sessionStorage: { getItem: () => "APP", setItem: () => {} },
  });
  return { sent, assign };
}

function answering(start: PaymentStart): HttpClient {
  return { post: async () => start } as unknown as HttpClient;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("startPayment in the app", () => {
  it("hands an unpaid order's hosted page to the app's pay method", async () => {
    const { sent, assign } = inApp();
    const { startPayment } = await import("./pay-flow.ts");
    const api = answering({
      provider: "sandbox",
      sessionId: "ps_1",
      redirectUrl: "https://pay.example/ps_1",
    });
    void startPayment(api, "R1", "en_US");
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(JSON.parse(sent[0]!)).toMatchObject({
      method: "pay",
      params: { paymentUrl: "https://pay.example/ps_1" },
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it("goes to a paid order's result page without asking the app to present it", async () => {
    const { sent, assign } = inApp();
    const { startPayment } = await import("./pay-flow.ts");
    const result = "https://store.example/pay/result?orderCode=R2";
    const api = answering({ provider: "sandbox", sessionId: "ps_2", redirectUrl: result, paid: true });
    expect(await startPayment(api, "R2", "en_US")).toBe("redirected");
    expect(assign).toHaveBeenCalledWith(result);
    expect(sent).toEqual([]);
  });
});
