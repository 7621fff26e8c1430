import type { NetworkType } from "../schema/catalog.ts";
import type { LocalizedText } from "../schema/localized.ts";
import { FIVE_G, GENERIC_OPERATORS, hashOf, OPERATORS } from "./countries.ts";
import type { SeedDestination } from "./destinations.ts";
import { type SeedPrice, seedPrices, usdCents } from "./pricing.ts";

/** A plan shape: data in MB (null = unlimited) and validity in days. */
export interface PlanShape {
  dataMb: number | null;
  validityDays: number;
}

const GB = 1024;
const shape = (gb: number | null, days: number): PlanShape => ({
  dataMb: gb === null ? null : Math.round(gb * GB),
  validityDays: days,
});

// What a shop lists per destination (ADR 0012): big markets get the full ladder, remote ones the basics.
const TOP_MARKET = [
  shape(1, 7),
  shape(3, 30),
  shape(5, 30),
  shape(10, 30),
  shape(20, 30),
  shape(50, 60),
  shape(null, 5),
  shape(null, 15),
];
const MID_MARKET = [shape(1, 7), shape(3, 30), shape(5, 30), shape(10, 30), shape(null, 7)];
const SMALL_MARKET = [shape(1, 7), shape(3, 30), shape(5, 30), shape(10, 30)];
const REMOTE_MARKET = [shape(1, 7), shape(2, 15), shape(3, 30)];
const REGION_LADDER = [
  shape(1, 7),
  shape(3, 15),
  shape(5, 30),
  shape(10, 30),
  shape(20, 30),
  shape(null, 10),
];
const GLOBAL_LADDER = [shape(1, 7), shape(3, 15), shape(5, 30), shape(10, 60), shape(20, 90)];

export function standardShapes(d: SeedDestination): PlanShape[] {
  if (d.type === "GLOBAL") return GLOBAL_LADDER;
  if (d.type === "REGION") return REGION_LADDER;
  if (d.popularity >= 600) return TOP_MARKET;
  if (d.popularity >= 380) return MID_MARKET;
  if (d.priceLevel <= 1.6) return SMALL_MARKET;
  return REMOTE_MARKET;
}

/** The extra grid seed:large adds (ADR 0012): every sensible data × validity pairing. */
export const LARGE_GRID_DATA_GB: (number | null)[] = [0.5, 1, 2, 3, 5, 8, 10, 15, 20, 30, 50, 100, null];
export const LARGE_GRID_DAYS = [1, 3, 5, 7, 10, 15, 20, 30, 45, 60, 90, 180, 365];

export function largeGridShapes(): PlanShape[] {
  const shapes: PlanShape[] = [];
  for (const gb of LARGE_GRID_DATA_GB) {
    for (const days of LARGE_GRID_DAYS) {
      // Unlimited passes stop at 30 days; big allowances need time to use; tiny ones don't last a year.
      if (gb === null && days > 30) continue;
      if (gb !== null && gb >= 20 && days < 7) continue;
      if (gb !== null && gb <= 1 && days > 30) continue;
      shapes.push(shape(gb, days));
    }
  }
  return shapes;
}

function dataLabel(dataMb: number | null): string {
  if (dataMb === null) return "UL";
  return dataMb < GB ? `${dataMb}MB` : `${Math.round((dataMb / GB) * 10) / 10}GB`;
}

export function planCode(destinationCode: string, s: PlanShape): string {
  return `${destinationCode}-${dataLabel(s.dataMb)}-${s.validityDays}D`;
}

function planTitle(d: SeedDestination, s: PlanShape): LocalizedText {
  const days = s.validityDays;
  if (s.dataMb === null) {
    return {
      en_US: `${d.name.en_US} Unlimited ${days} ${days === 1 ? "Day" : "Days"}`,
      zh_CN: `${d.name.zh_CN} 无限流量 ${days}天`,
      zh_HK: `${d.name.zh_HK} 無限數據 ${days}日`,
    };
  }
  const data = dataLabel(s.dataMb);
  return {
    en_US: `${d.name.en_US} ${data} ${days} ${days === 1 ? "Day" : "Days"}`,
    zh_CN: `${d.name.zh_CN} ${data} ${days}天`,
    zh_HK: `${d.name.zh_HK} ${data} ${days}日`,
  };
}

export interface SeedPlan {
  plan: {
    platformProductCode: string;
    destinationCode: string;
    title: LocalizedText;
    dataMb: number | null;
    unlimited: boolean;
    dailyHighSpeedMb: number | null;
    validityDays: number;
    hotspot: boolean;
    network: NetworkType;
    labelCodes: string[];
    status: "ON_SHELF" | "OFF_SHELF";
    sortOrder: number;
  };
  prices: (SeedPrice & { platformProductCode: string })[];
  coverage: { platformProductCode: string; countryCode: string; operators: string[]; network: NetworkType }[];
}

/** Builds one plan with its prices and coverage, deterministically from the destination and shape. */
export function buildPlan(d: SeedDestination, s: PlanShape, sortOrder: number, large = false): SeedPlan {
  const code = planCode(d.code, s);
  const hash = hashOf(code);
  const unlimited = s.dataMb === null;
  const fiveG = d.type === "COUNTRY" ? FIVE_G.has(d.code) && (unlimited || s.dataMb! >= 5 * GB) : false;
  const network: NetworkType = fiveG ? "5G" : "4G";
  // About one plan in five is on offer, with the original price struck through.
  const discount = hash % 5 === 0 ? [10, 15, 20, 25][hash % 4]! : 0;
  const labels: string[] = [];
  if (!large && s.dataMb === 3 * GB && d.popularity >= 500) labels.push("BEST_SELLER");
  if (!large && hash % 11 === 0) labels.push("NEW");
  if (discount >= 20) labels.push("LIMITED_OFFER");
  if (fiveG) labels.push("5G");
  if (unlimited) labels.push("UNLIMITED");
  const hotspot = !unlimited || hash % 3 === 0;
  if (hotspot) labels.push("HOTSPOT");
  return {
    plan: {
      platformProductCode: code,
      destinationCode: d.code,
      title: planTitle(d, s),
      dataMb: s.dataMb,
      unlimited,
      // Unlimited passes slow down after a daily high-speed allowance (2GB on 5G partners, else 1GB).
      dailyHighSpeedMb: unlimited ? (fiveG ? 2 * GB : GB) : null,
      validityDays: s.validityDays,
      hotspot,
      network,
      labelCodes: labels,
      status: "ON_SHELF",
      sortOrder,
    },
    prices: seedPrices(usdCents(d.priceLevel, s.dataMb, s.validityDays), discount).map((p) => ({
      ...p,
      platformProductCode: code,
    })),
    coverage: d.countryCodes.map((countryCode) => ({
      platformProductCode: code,
      countryCode,
      operators: OPERATORS[countryCode] ?? GENERIC_OPERATORS,
      network: (fiveG || (d.type !== "COUNTRY" && FIVE_G.has(countryCode) && hash % 2 === 0)
        ? "5G"
        : "4G") as NetworkType,
    })),
  };
}

/** spec 3 Product labelList / labelTypes: the labels plans carry. */
export const SEED_LABELS = [
  {
    labelCode: "BEST_SELLER",
    labelType: "PROMOTION",
    name: { en_US: "Best seller", zh_CN: "热销", zh_HK: "熱賣" },
  },
  { labelCode: "NEW", labelType: "PROMOTION", name: { en_US: "New", zh_CN: "新品", zh_HK: "新品" } },
  {
    labelCode: "LIMITED_OFFER",
    labelType: "PROMOTION",
    name: { en_US: "Limited offer", zh_CN: "限时优惠", zh_HK: "限時優惠" },
  },
  { labelCode: "5G", labelType: "NETWORK", name: { en_US: "5G", zh_CN: "5G", zh_HK: "5G" } },
  {
    labelCode: "UNLIMITED",
    labelType: "DATA",
    name: { en_US: "Unlimited", zh_CN: "无限流量", zh_HK: "無限數據" },
  },
  {
    labelCode: "HOTSPOT",
    labelType: "FEATURE",
    name: { en_US: "Hotspot", zh_CN: "可共享热点", zh_HK: "可分享熱點" },
  },
];
