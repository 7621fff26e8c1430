import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, varchar } from "drizzle-orm/pg-core";
import {
  DESTINATION_TYPES,
  type DestinationType,
  PLAN_STATUSES,
  type PlanStatus,
} from "../../core/catalog-codes.ts";
import type { LocalizedText } from "./localized.ts";
import { currencies } from "./site.ts";

export { DESTINATION_TYPES, type DestinationType, PLAN_STATUSES, type PlanStatus };

// The catalogue: where a shopper can travel (destinations) and what they can buy there (plans). ADR 0010.

/**
 * spec 3 Continent: a tab of the destination picker. showFlag 1 marks an "area" tab whose members are regional
 * or global destinations rather than countries.
 */
export const continents = pgTable("continent", {
  continentId: integer("continent_id").primaryKey(),
  code: varchar("code", { length: 16 }).notNull().unique(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  imageUrl: text("image_url").notNull(),
  thumbnailUrl: text("thumbnail_url").notNull(),
  showFlag: integer("show_flag").notNull().default(0),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** A place a plan is sold for: a country (ISO alpha-2 code), a multi-country region ("EU", "ASIA") or "GLOBAL". */
export const destinations = pgTable(
  "destination",
  {
    code: varchar("code", { length: 16 }).primaryKey(),
    type: varchar("type", { length: 8 }).$type<DestinationType>().notNull(),
    iso2: varchar("iso2", { length: 2 }),
    nameEn: text("name_en").notNull(),
    nameZhCn: text("name_zh_cn").notNull(),
    nameZhHk: text("name_zh_hk").notNull(),
    /** countries-list continent code (AS, EU, NA, SA, AF, OC); null for regions and global. */
    continentCode: varchar("continent_code", { length: 2 }),
    imageUrl: text("image_url").notNull(),
    thumbnailUrl: text("thumbnail_url").notNull(),
    /** Other names a shopper may type: ISO codes, native names, romanisations ("Nihon"), old spellings. */
    aliases: text("aliases").array().notNull().default(sql`'{}'::text[]`),
    /** Lower-cased names and aliases in one string, for trigram (fuzzy) search. */
    searchText: text("search_text").notNull(),
    /** Higher sells more; orders lists and search results. */
    popularity: integer("popularity").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [
    index("destination_type_idx").on(t.type, t.popularity),
    // The product list's recommended order (ADR 0081): most popular destination first, then its plans.
    index("destination_popularity_code_idx").on(t.popularity.desc(), t.code),
    index("destination_name_en_trgm_idx").using("gin", t.nameEn.op("gin_trgm_ops")),
    index("destination_name_zh_cn_trgm_idx").using("gin", t.nameZhCn.op("gin_trgm_ops")),
    index("destination_name_zh_hk_trgm_idx").using("gin", t.nameZhHk.op("gin_trgm_ops")),
    index("destination_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/** The countries a regional or global destination covers. */
export const destinationCountries = pgTable(
  "destination_country",
  {
    destinationCode: varchar("destination_code", { length: 16 })
      .notNull()
      .references(() => destinations.code),
    countryCode: varchar("country_code", { length: 16 })
      .notNull()
      .references(() => destinations.code),
  },
  (t) => [
    primaryKey({ columns: [t.destinationCode, t.countryCode] }),
    index("destination_country_country_idx").on(t.countryCode),
  ],
);

/** Which destinations a continent tab lists, in order (spec 3 Continent cmiCountryList). */
export const continentDestinations = pgTable(
  "continent_destination",
  {
    continentId: integer("continent_id")
      .notNull()
      .references(() => continents.continentId),
    destinationCode: varchar("destination_code", { length: 16 })
      .notNull()
      .references(() => destinations.code),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.continentId, t.destinationCode] })],
);

export const NETWORK_TYPES = ["4G", "5G"] as const;
export type NetworkType = (typeof NETWORK_TYPES)[number];

/** A label a plan can carry (spec 3 Product labelList / labelTypes), e.g. BEST_SELLER of type PROMOTION. */
export const planLabels = pgTable("plan_label", {
  labelCode: varchar("label_code", { length: 32 }).primaryKey(),
  labelType: varchar("label_type", { length: 16 }).notNull(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** spec 3 "platform product": one data plan on sale for one destination. */
export const plans = pgTable(
  "plan",
  {
    platformProductCode: varchar("platform_product_code", { length: 48 }).primaryKey(),
    destinationCode: varchar("destination_code", { length: 16 })
      .notNull()
      .references(() => destinations.code),
    title: jsonb("title").$type<LocalizedText>().notNull(),
    /** Data allowance in MB; null when unlimited. */
    dataMb: integer("data_mb"),
    unlimited: boolean("unlimited").notNull().default(false),
    /** Unlimited plans: high-speed MB per day before the speed drops; null = no cap. */
    dailyHighSpeedMb: integer("daily_high_speed_mb"),
    validityDays: integer("validity_days").notNull(),
    hotspot: boolean("hotspot").notNull().default(true),
    network: varchar("network", { length: 4 }).$type<NetworkType>().notNull().default("4G"),
    labelCodes: text("label_codes").array().notNull().default(sql`'{}'::text[]`),
    status: varchar("status", { length: 16 }).$type<PlanStatus>().notNull().default("ON_SHELF"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("plan_destination_status_idx").on(t.destinationCode, t.status, t.sortOrder)],
);

/** A plan's price in one currency, integer minor units; displayPrice is the struck-through original. */
export const planPrices = pgTable(
  "plan_price",
  {
    platformProductCode: varchar("platform_product_code", { length: 48 })
      .notNull()
      .references(() => plans.platformProductCode, { onDelete: "cascade" }),
    currencyCode: varchar("currency_code", { length: 3 })
      .notNull()
      .references(() => currencies.code),
    unitPrice: integer("unit_price").notNull(),
    displayPrice: integer("display_price"),
  },
  (t) => [primaryKey({ columns: [t.platformProductCode, t.currencyCode] })],
);

/** Where a plan works: one row per covered country, with the partner operators and network generation. */
export const planCoverage = pgTable(
  "plan_coverage",
  {
    platformProductCode: varchar("platform_product_code", { length: 48 })
      .notNull()
      .references(() => plans.platformProductCode, { onDelete: "cascade" }),
    countryCode: varchar("country_code", { length: 16 })
      .notNull()
      .references(() => destinations.code),
    operators: text("operators").array().notNull(),
    network: varchar("network", { length: 4 }).$type<NetworkType>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.platformProductCode, t.countryCode] }),
    index("plan_coverage_country_idx").on(t.countryCode),
  ],
);

/** A storefront category (spec 2 /category, /plp?categoryCode=) grouping destinations. */
export const categories = pgTable("category", {
  categoryCode: varchar("category_code", { length: 32 }).primaryKey(),
  parentCategoryCode: varchar("parent_category_code", { length: 32 }),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  imageUrl: text("image_url").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const categoryDestinations = pgTable(
  "category_destination",
  {
    categoryCode: varchar("category_code", { length: 32 })
      .notNull()
      .references(() => categories.categoryCode),
    destinationCode: varchar("destination_code", { length: 16 })
      .notNull()
      .references(() => destinations.code),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryCode, t.destinationCode] })],
);
