import { countries } from "countries-list";
import type { LocalizedText } from "../schema/localized.ts";

// Seed destinations come from countries-list (ISO codes, continents, native names) and Intl.DisplayNames
// (Simplified and Traditional Chinese names). ADR 0012.

/** Territories a travel-eSIM shop does not list: uninhabited, tiny, or under sanctions that block sales. */
const SKIPPED = new Set(
  "AC AQ AS AX BL BQ BV CC CX EH FK GS HM IO KP MF MS NF NR NU PM PN SH SJ SY TA TF TK TV UM VA WF YT".split(
    " ",
  ),
);

/** How a destination sells: a relative price level (1 = cheap big market) and a popularity score. */
interface Market {
  popularity: number;
  priceLevel: number;
}

// Big travel markets, most popular first; prices follow Airalo/Holafly/Nomad levels (ADR 0012).
const MARKETS: Record<string, Market> = {
  JP: { popularity: 1000, priceLevel: 1 },
  KR: { popularity: 950, priceLevel: 1 },
  TH: { popularity: 930, priceLevel: 0.9 },
  US: { popularity: 920, priceLevel: 1.05 },
  CN: { popularity: 900, priceLevel: 1.1 },
  GB: { popularity: 880, priceLevel: 1 },
  TW: { popularity: 860, priceLevel: 0.95 },
  SG: { popularity: 840, priceLevel: 0.95 },
  FR: { popularity: 830, priceLevel: 1 },
  IT: { popularity: 820, priceLevel: 1 },
  MY: { popularity: 810, priceLevel: 0.9 },
  VN: { popularity: 800, priceLevel: 0.9 },
  AU: { popularity: 790, priceLevel: 1.1 },
  ES: { popularity: 780, priceLevel: 1 },
  DE: { popularity: 770, priceLevel: 1 },
  HK: { popularity: 760, priceLevel: 0.9 },
  MO: { popularity: 750, priceLevel: 0.95 },
  ID: { popularity: 740, priceLevel: 0.95 },
  PH: { popularity: 730, priceLevel: 1 },
  TR: { popularity: 720, priceLevel: 1.1 },
  CH: { popularity: 700, priceLevel: 1.3 },
  NZ: { popularity: 690, priceLevel: 1.2 },
  CA: { popularity: 680, priceLevel: 1.4 },
  AE: { popularity: 670, priceLevel: 1.3 },
  MX: { popularity: 660, priceLevel: 1.2 },
  NL: { popularity: 650, priceLevel: 1 },
  PT: { popularity: 640, priceLevel: 1 },
  GR: { popularity: 630, priceLevel: 1 },
  AT: { popularity: 620, priceLevel: 1 },
  IN: { popularity: 610, priceLevel: 1.1 },
  EG: { popularity: 600, priceLevel: 1.4 },
  SA: { popularity: 590, priceLevel: 1.4 },
  IE: { popularity: 580, priceLevel: 1 },
  BR: { popularity: 570, priceLevel: 1.4 },
  KH: { popularity: 560, priceLevel: 1.1 },
  MV: { popularity: 550, priceLevel: 1.8 },
  IS: { popularity: 540, priceLevel: 1.3 },
  CZ: { popularity: 530, priceLevel: 1 },
  BE: { popularity: 520, priceLevel: 1 },
  SE: { popularity: 510, priceLevel: 1 },
  NO: { popularity: 500, priceLevel: 1.2 },
  DK: { popularity: 490, priceLevel: 1 },
  FI: { popularity: 480, priceLevel: 1 },
  PL: { popularity: 470, priceLevel: 0.95 },
  HU: { popularity: 460, priceLevel: 1 },
  IL: { popularity: 450, priceLevel: 1.2 },
  QA: { popularity: 440, priceLevel: 1.4 },
  MA: { popularity: 430, priceLevel: 1.3 },
  ZA: { popularity: 420, priceLevel: 1.5 },
  AR: { popularity: 410, priceLevel: 1.5 },
  LK: { popularity: 400, priceLevel: 1.3 },
  NP: { popularity: 390, priceLevel: 1.5 },
  LA: { popularity: 380, priceLevel: 1.3 },
};

/** Real partner operators for the markets where a shopper will ask which network they get. */
export const OPERATORS: Record<string, string[]> = {
  JP: ["NTT Docomo", "SoftBank", "KDDI (au)"],
  KR: ["SK Telecom", "KT", "LG U+"],
  CN: ["China Mobile", "China Unicom"],
  HK: ["CSL", "SmarTone", "3 Hong Kong", "China Mobile Hong Kong"],
  MO: ["CTM", "3 Macau"],
  TW: ["Chunghwa Telecom", "Taiwan Mobile", "FarEasTone"],
  TH: ["AIS", "TrueMove H", "dtac"],
  SG: ["Singtel", "StarHub", "M1"],
  MY: ["Maxis", "CelcomDigi", "U Mobile"],
  VN: ["Viettel", "Vinaphone", "MobiFone"],
  ID: ["Telkomsel", "XL Axiata", "Indosat Ooredoo"],
  PH: ["Globe", "Smart"],
  IN: ["Airtel", "Jio", "Vi"],
  KH: ["Smart Axiata", "Cellcard"],
  LA: ["Unitel", "Lao Telecom"],
  NP: ["Ncell", "Nepal Telecom"],
  LK: ["Dialog", "SLT-Mobitel"],
  MV: ["Dhiraagu", "Ooredoo Maldives"],
  US: ["AT&T", "T-Mobile", "Verizon"],
  CA: ["Rogers", "Bell", "Telus"],
  MX: ["Telcel", "AT&T Mexico"],
  GB: ["EE", "Vodafone UK", "O2 UK", "Three UK"],
  IE: ["Vodafone Ireland", "Three Ireland", "Eir"],
  FR: ["Orange", "SFR", "Bouygues Telecom"],
  DE: ["Telekom", "Vodafone Germany", "O2 Telefónica"],
  IT: ["TIM", "Vodafone Italy", "WindTre"],
  ES: ["Movistar", "Orange Spain", "Vodafone Spain"],
  PT: ["MEO", "NOS", "Vodafone Portugal"],
  NL: ["KPN", "Vodafone Netherlands", "Odido"],
  BE: ["Proximus", "Orange Belgium", "BASE"],
  CH: ["Swisscom", "Sunrise", "Salt"],
  AT: ["A1", "Magenta Telekom", "Drei"],
  GR: ["Cosmote", "Vodafone Greece", "Nova"],
  CZ: ["O2 Czech Republic", "T-Mobile CZ", "Vodafone CZ"],
  PL: ["Play", "Orange Polska", "Plus"],
  HU: ["Magyar Telekom", "Yettel", "Vodafone Hungary"],
  SE: ["Telia", "Tele2", "Telenor Sweden"],
  NO: ["Telenor", "Telia Norway"],
  DK: ["TDC", "Telenor Denmark", "3 Denmark"],
  FI: ["Elisa", "DNA", "Telia Finland"],
  IS: ["Síminn", "Vodafone Iceland", "Nova Iceland"],
  TR: ["Turkcell", "Vodafone Turkey", "Türk Telekom"],
  AE: ["e& (Etisalat)", "du"],
  SA: ["stc", "Mobily", "Zain KSA"],
  QA: ["Ooredoo", "Vodafone Qatar"],
  IL: ["Partner", "Cellcom", "Pelephone"],
  EG: ["Vodafone Egypt", "Orange Egypt", "Etisalat Egypt"],
  MA: ["Maroc Telecom", "Orange Maroc", "inwi"],
  ZA: ["Vodacom", "MTN", "Cell C"],
  AU: ["Telstra", "Optus", "Vodafone Australia"],
  NZ: ["One NZ", "Spark", "2degrees"],
  BR: ["Vivo", "Claro Brasil", "TIM Brasil"],
  AR: ["Movistar Argentina", "Claro Argentina", "Personal"],
};

export const GENERIC_OPERATORS = ["Best available local network"];

/** Where our partners offer 5G. */
export const FIVE_G = new Set(
  "JP KR CN HK MO TW SG TH MY US CA GB IE FR DE IT ES NL CH AT FI SE NO DK AU NZ AE SA QA".split(" "),
);

/** Names a shopper may type that neither the English nor the Chinese name contains. */
const EXTRA_ALIASES: Record<string, string[]> = {
  JP: ["Nihon", "Nippon", "日本國", "Japon"],
  KR: ["Korea", "Hanguk", "Republic of Korea", "韩国", "韓國", "대한민국"],
  US: ["USA", "America", "United States of America", "美國"],
  GB: ["UK", "Britain", "Great Britain", "England", "Scotland", "英国"],
  CN: ["Mainland China", "Zhongguo", "PRC", "中國大陸", "中国大陆"],
  HK: ["Hongkong", "HKSAR", "Xianggang"],
  MO: ["Macau", "Aomen"],
  TW: ["Taiwan ROC", "Formosa", "Taipei"],
  TH: ["Siam", "Thai"],
  VN: ["Viet Nam"],
  TR: ["Turkey", "Turkiye", "土耳其"],
  AE: ["UAE", "Dubai", "Abu Dhabi"],
  NL: ["Holland"],
  CZ: ["Czech Republic"],
  DE: ["Deutschland"],
  ES: ["España", "Espana"],
  CH: ["Schweiz", "Suisse", "Svizzera"],
  RU: ["Rossiya"],
  MM: ["Burma"],
  CI: ["Côte d'Ivoire", "Cote d'Ivoire"],
  SZ: ["Swaziland"],
  MK: ["Macedonia"],
  TL: ["Timor-Leste"],
  CV: ["Cape Verde"],
};

// Intl's names for the special administrative regions carry "SAR China"; a shop shows the short name.
const NAME_OVERRIDES: Record<string, Partial<LocalizedText>> = {
  HK: { zh_CN: "中国香港", zh_HK: "香港" },
  MO: { en_US: "Macau", zh_CN: "中国澳门", zh_HK: "澳門" },
  TW: { zh_CN: "中国台湾", zh_HK: "台灣" },
  KR: { en_US: "South Korea" },
  CZ: { en_US: "Czechia" },
};

const zhHans = new Intl.DisplayNames(["zh-Hans"], { type: "region" });
const zhHant = new Intl.DisplayNames(["zh-Hant-HK"], { type: "region" });

export interface SeedCountry {
  code: string;
  name: LocalizedText;
  continentCode: string;
  nativeName: string;
  callingCodes: number[];
  aliases: string[];
  popularity: number;
  priceLevel: number;
}

/** A stable small number from a string, so "random" seed choices are the same on every run. */
export function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash;
}

function defaultPriceLevel(continent: string): number {
  // Roaming partners cost more where traffic is thin: Africa, the Pacific islands, the Caribbean.
  if (continent === "AF") return 2.4;
  if (continent === "OC") return 2.6;
  if (continent === "NA") return 2.2;
  if (continent === "SA") return 1.8;
  if (continent === "EU") return 1.2;
  return 1.6;
}

export function seedCountries(): SeedCountry[] {
  return Object.entries(countries)
    .filter(([code]) => !SKIPPED.has(code))
    .map(([code, country]) => {
      const override = NAME_OVERRIDES[code] ?? {};
      const name: LocalizedText = {
        en_US: override.en_US ?? country.name,
        zh_CN: override.zh_CN ?? zhHans.of(code) ?? country.name,
        zh_HK: override.zh_HK ?? zhHant.of(code) ?? country.name,
      };
      const market = MARKETS[code];
      const names = new Set(Object.values(name).map((n) => n.toLowerCase()));
      const aliases = [code, country.native, ...(EXTRA_ALIASES[code] ?? [])].filter(
        (alias, index, all) => alias && !names.has(alias.toLowerCase()) && all.indexOf(alias) === index,
      );
      return {
        code,
        name,
        continentCode: country.continent,
        nativeName: country.native,
        callingCodes: country.phone,
        aliases,
        popularity: market?.popularity ?? 10 + (hashOf(code) % 300),
        priceLevel: market?.priceLevel ?? defaultPriceLevel(country.continent),
      };
    })
    .sort((a, b) => b.popularity - a.popularity || a.code.localeCompare(b.code));
}
