import type { DestinationType } from "../schema/catalog.ts";
import type { LocalizedText } from "../schema/localized.ts";
import { artUrl } from "./art-urls.ts";
import { type SeedCountry, seedCountries } from "./countries.ts";

export interface SeedDestination {
  code: string;
  type: DestinationType;
  iso2: string | null;
  name: LocalizedText;
  continentCode: string | null;
  aliases: string[];
  popularity: number;
  priceLevel: number;
  /** Regions and global: the countries covered. */
  countryCodes: string[];
}

const MIDDLE_EAST = new Set("AE BH IL IQ IR JO KW LB OM PS QA SA YE".split(" "));
const NORTH_AMERICA = new Set(["US", "CA", "MX", "PR"]);

interface RegionDefinition {
  code: string;
  name: LocalizedText;
  aliases: string[];
  popularity: number;
  priceLevel: number;
  covers(country: SeedCountry): boolean;
}

// The six regional bundles and their coverage rules (ADR 0012).
const REGIONS: RegionDefinition[] = [
  {
    code: "EU",
    name: { en_US: "Europe", zh_CN: "欧洲", zh_HK: "歐洲" },
    aliases: ["EU", "Europa", "European Union", "Schengen"],
    popularity: 870,
    priceLevel: 1.05,
    covers: (c) => c.continentCode === "EU" || c.code === "TR",
  },
  {
    code: "ASIA",
    name: { en_US: "Asia", zh_CN: "亚洲", zh_HK: "亞洲" },
    aliases: ["Asia Pacific", "APAC", "亞太", "亚太"],
    popularity: 850,
    priceLevel: 1.25,
    covers: (c) => c.continentCode === "AS" && !MIDDLE_EAST.has(c.code) && c.code !== "RU",
  },
  {
    code: "NAM",
    name: { en_US: "North America", zh_CN: "北美", zh_HK: "北美" },
    aliases: ["USA Canada Mexico", "美加", "美加墨"],
    popularity: 820,
    priceLevel: 1.3,
    covers: (c) => NORTH_AMERICA.has(c.code),
  },
  {
    code: "LATAM",
    name: { en_US: "Latin America", zh_CN: "拉丁美洲", zh_HK: "拉丁美洲" },
    aliases: ["South America", "Central America", "Caribbean", "南美", "中南美"],
    popularity: 600,
    priceLevel: 1.9,
    covers: (c) =>
      c.continentCode === "SA" || (c.continentCode === "NA" && !["US", "CA", "GL", "BM"].includes(c.code)),
  },
  {
    code: "MEA",
    name: { en_US: "Middle East & Africa", zh_CN: "中东和非洲", zh_HK: "中東及非洲" },
    aliases: ["Middle East", "Africa", "MENA", "中东", "非洲", "中東"],
    popularity: 560,
    priceLevel: 2.3,
    covers: (c) => c.continentCode === "AF" || MIDDLE_EAST.has(c.code),
  },
  {
    code: "OCEANIA",
    name: { en_US: "Oceania", zh_CN: "大洋洲", zh_HK: "大洋洲" },
    aliases: ["Australia New Zealand", "Pacific", "South Pacific", "澳新", "紐澳"],
    popularity: 640,
    priceLevel: 1.5,
    covers: (c) => c.continentCode === "OC",
  },
];

/** How many of the most popular countries the global plan covers. */
const GLOBAL_COUNTRY_COUNT = 120;

export function seedDestinations(): SeedDestination[] {
  const countries = seedCountries();
  const countryRows: SeedDestination[] = countries.map((c) => ({
    code: c.code,
    type: "COUNTRY",
    iso2: c.code,
    name: c.name,
    continentCode: c.continentCode,
    aliases: c.aliases,
    popularity: c.popularity,
    priceLevel: c.priceLevel,
    countryCodes: [c.code],
  }));
  const regionRows: SeedDestination[] = REGIONS.map((region) => ({
    code: region.code,
    type: "REGION",
    iso2: null,
    name: region.name,
    continentCode: null,
    aliases: region.aliases,
    popularity: region.popularity,
    priceLevel: region.priceLevel,
    countryCodes: countries.filter((c) => region.covers(c)).map((c) => c.code),
  }));
  const globalRow: SeedDestination = {
    code: "GLOBAL",
    type: "GLOBAL",
    iso2: null,
    name: { en_US: "Global", zh_CN: "全球", zh_HK: "全球" },
    continentCode: null,
    aliases: ["World", "Worldwide", "International", "全世界", "環球", "环球"],
    popularity: 890,
    priceLevel: 3,
    countryCodes: countries.slice(0, GLOBAL_COUNTRY_COUNT).map((c) => c.code),
  };
  return [...countryRows, ...regionRows, globalRow];
}

export function destinationRow(d: SeedDestination) {
  return {
    code: d.code,
    type: d.type,
    iso2: d.iso2,
    nameEn: d.name.en_US,
    nameZhCn: d.name.zh_CN,
    nameZhHk: d.name.zh_HK,
    continentCode: d.continentCode,
    imageUrl: artUrl("dest", d.code),
    thumbnailUrl: artUrl("thumb", d.code),
    aliases: d.aliases,
    searchText: [d.name.en_US, d.name.zh_CN, d.name.zh_HK, ...d.aliases].join(" ").toLowerCase(),
    popularity: d.popularity,
  };
}

/** spec 3 Continent tabs: six continents of countries, then two "area" tabs (showFlag 1). */
export const SEED_CONTINENTS = [
  { continentId: 1, code: "AS", name: { en_US: "Asia", zh_CN: "亚洲", zh_HK: "亞洲" }, showFlag: 0 },
  { continentId: 2, code: "EU", name: { en_US: "Europe", zh_CN: "欧洲", zh_HK: "歐洲" }, showFlag: 0 },
  {
    continentId: 3,
    code: "NA",
    name: { en_US: "North America", zh_CN: "北美洲", zh_HK: "北美洲" },
    showFlag: 0,
  },
  {
    continentId: 4,
    code: "SA",
    name: { en_US: "South America", zh_CN: "南美洲", zh_HK: "南美洲" },
    showFlag: 0,
  },
  { continentId: 5, code: "AF", name: { en_US: "Africa", zh_CN: "非洲", zh_HK: "非洲" }, showFlag: 0 },
  { continentId: 6, code: "OC", name: { en_US: "Oceania", zh_CN: "大洋洲", zh_HK: "大洋洲" }, showFlag: 0 },
  {
    continentId: 7,
    code: "REGIONS",
    name: { en_US: "Regional plans", zh_CN: "区域套餐", zh_HK: "區域套餐" },
    showFlag: 1,
  },
  { continentId: 8, code: "GLOBAL", name: { en_US: "Global", zh_CN: "全球", zh_HK: "全球" }, showFlag: 1 },
] as const;

/** Continent tab membership: countries by continent, regions in the area tab, global in its own tab. */
export function continentMembers(destinations: SeedDestination[]) {
  const byPopularity = [...destinations].sort((a, b) => b.popularity - a.popularity);
  return SEED_CONTINENTS.flatMap((continent) => {
    const members = byPopularity.filter((d) => {
      if (continent.code === "REGIONS") return d.type === "REGION";
      if (continent.code === "GLOBAL") return d.type === "GLOBAL";
      return d.type === "COUNTRY" && d.continentCode === continent.code;
    });
    return members.map((d, index) => ({
      continentId: continent.continentId,
      destinationCode: d.code,
      sortOrder: index,
    }));
  });
}
