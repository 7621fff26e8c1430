import { useEffect } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { notify } from "../../lib/notify.ts";

/** spec 4 campaign gate: an ended campaign shows 活动已结束; confirming (好的) reloads the page. */
export function CampaignGate({ ended }: { ended: boolean }) {
  const { t } = useI18n();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one dialog per page load, not per render
  useEffect(() => {
    if (!ended) return;
    void notify
      .dialog({
        title: t("discovery.campaignEnded"),
        confirmText: t("discovery.campaignEndedOk"),
        cancelText: false,
        alert: true,
      })
      .then((confirmed) => {
        if (confirmed) window.location.reload();
      });
  }, [ended]);
  return null;
}
