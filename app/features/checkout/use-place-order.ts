import { useEffect, useRef, useState } from "react";
import { useApi } from "../../lib/api.ts";
import { HttpError } from "../../lib/http/client.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { type CheckoutContact, type ContactErrors, contactBody, contactErrors } from "./contact.ts";
import type { PlacingState } from "./OrderSummary.tsx";
import { newIdempotencyKey, startPayment } from "./pay-flow.ts";
import type { CheckoutRequest, OrderView } from "./types.ts";

/**
 * Placing the order and going to pay: one idempotency key per checkout attempt, a busy state, and a page that
 * can be used again when the shopper comes back from the payment page.
 */
export function usePlaceOrder({
  id,
  loggedIn,
  request,
  contact,
  onLogin,
  onContactProblems,
  onNotice,
}: {
  /** The page's id prefix, for focusing the contact field at fault. */
  id: string;
  loggedIn: boolean;
  request: CheckoutRequest;
  contact: CheckoutContact;
  /** A visitor is asked to log in first. */
  onLogin: () => void;
  onContactProblems: (problems: ContactErrors) => void;
  onNotice: (notice: string) => void;
}) {
  const api = useApi();
  const { locale } = useI18n();
  const [busy, setBusy] = useState<PlacingState>("");
  // One idempotency key per checkout attempt: the same order details keep it (a double click, a retry after
  // a lost response give one order); changed details are a new attempt.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const placing = useRef(false);

  // Back from the payment page (the browser's back/forward cache): the page can be used again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      placing.current = false;
      setBusy("");
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  async function placeOrder() {
    if (!loggedIn) {
      onLogin();
      return;
    }
    const problems = contactErrors(contact);
    if (problems) {
      onContactProblems(problems);
      document.getElementById(problems.email ? `${id}-email` : `${id}-phone`)?.focus();
      return;
    }
    // A second click before the re-render lands here too: the ref drops it (and the key would merge it).
    if (placing.current) return;
    placing.current = true;
    const body = { ...request, ...contactBody(contact) };
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.body !== fingerprint)
      attempt.current = { key: newIdempotencyKey(), body: fingerprint };
    setBusy("placing");
    onNotice("");
    try {
      const order = await api.post<OrderView>("/o2ord/v1/customer/orders", body, {
        headers: { "Idempotency-Key": attempt.current.key },
        onFailed: (error) => {
          if (error.fields?.contactEmail) onContactProblems({ email: "purchase.order.contactEmailRequired" });
          else if (error.fields?.contactPhone) onContactProblems({ phone: "checkoutUi.phoneInvalid" });
          else onNotice(error.message);
        },
      });
      setBusy("redirecting");
      await startPayment(api, order.code, locale, {
        onFailed: (error) => onNotice(String((error as Error).message)),
      });
    } catch (error) {
      if (!(error instanceof HttpError)) onNotice(String(error));
      setBusy("");
      placing.current = false;
    }
  }

  return { busy, placeOrder };
}
