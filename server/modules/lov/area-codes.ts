import { countries } from "countries-list";
import type { Locale } from "../../../core/constants.ts";

export interface AreaCode {
  /** International calling code with its plus sign, e.g. "+852". */
  areaCode: string;
  countryCode: string;
  countryName: string;
}

const INTL_LOCALE: Record<Locale, string> = { en_US: "en", zh_CN: "zh-Hans", zh_HK: "zh-Hant-HK" };
// Intl names the special administrative regions "… SAR China"; the picker shows the short names shoppers use.
const SHORT_NAMES: Partial<Record<string, Record<Locale, string>>> = {
  HK: { en_US: "Hong Kong", zh_CN: "中国香港", zh_HK: "香港" },
  MO: { en_US: "Macau", zh_CN: "中国澳门", zh_HK: "澳門" },
  TW: { en_US: "Taiwan", zh_CN: "中国台湾", zh_HK: "台灣" },
};

/**
 * The area-code picker's list (spec 2 checkout/bind area-code picker): one entry per country and calling code,
 * with the country's name in the locale, sorted by that name in the locale's collation.
 */
export function areaCodes(locale: Locale): AreaCode[] {
  const names = new Intl.DisplayNames([INTL_LOCALE[locale]], { type: "region" });
  const collator = new Intl.Collator(INTL_LOCALE[locale]);
  const list: AreaCode[] = [];
  for (const [countryCode, country] of Object.entries(countries)) {
    if (countryCode === "AQ") continue;
    const countryName = SHORT_NAMES[countryCode]?.[locale] ?? names.of(countryCode) ?? country.name;
    for (const phone of country.phone) list.push({ areaCode: `+${phone}`, countryCode, countryName });
  }
  return list.sort(
    (a, b) =>
      collator.compare(a.countryName, b.countryName) ||
      Number(a.areaCode.slice(1)) - Number(b.areaCode.slice(1)),
  );
}
