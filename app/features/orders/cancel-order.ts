import { useState } from "react";
import { useRevalidator } from "react-router";
import { useApi } from "../../lib/api.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { notify } from "../../lib/notify.ts";

/**
 * Cancels an unpaid order after the shopper confirms, then reloads the page's data (ADR 0115). The swipe row's
 * cancel action has already had its confirming second press (ADR 0125) and passes `confirmed` to skip the dialog.
 */
export function useCancelOrder() {
  const api = useApi();
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  async function cancel(code: string, options: { confirmed?: boolean } = {}) {
    const confirmed =
      options.confirmed ||
      (await notify.dialog({
        title: t("ordersUi.cancel.title", { code }),
        message: t("ordersUi.cancel.text"),
        confirmText: t("ordersUi.cancel.confirm"),
        cancelText: t("ordersUi.cancel.keep"),
      }));
    if (!confirmed) return;
    setBusy(code);
    try {
      await api.post(`/o2ord/v1/customer/orders/${encodeURIComponent(code)}/cancel`);
      notify.toast(t("ordersUi.cancel.done"));
      await revalidator.revalidate();
    } catch {
      // The client already showed the failure (spec 8); the list is reloaded so it shows the order as it is.
      await revalidator.revalidate();
    } finally {
      setBusy(null);
    }
  }
  return { cancel, busy };
}
