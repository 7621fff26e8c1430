import type { MessageKey } from "../../../core/i18n/index.ts";

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** "500 MB", "3 GB", "1.5 GB": data amounts as a shop writes them. */
export function formatDataMb(dataMb: number): string {
  if (dataMb < 1024) return `${dataMb} MB`;
  const gb = Math.round((dataMb / 1024) * 10) / 10;
  return `${gb} GB`;
}

export function dataText(
  t: Translate,
  plan: { dataMb: number | null; unlimited: boolean; dailyHighSpeedMb: number | null },
): string {
  if (plan.unlimited || plan.dataMb === null) {
    return plan.dailyHighSpeedMb
      ? t("discovery.unlimitedDaily", { amount: formatDataMb(plan.dailyHighSpeedMb) })
      : t("discovery.unlimited");
  }
  return formatDataMb(plan.dataMb);
}

export function validityText(t: Translate, days: number): string {
  return t("discovery.validity", { days });
}
