import { boolean, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

/** spec 3: site info. Per-language URLs are kept as { en_US, zh_CN, zh_HK } maps. */
export const sites = pgTable("site", {
  siteCode: varchar("site_code", { length: 64 }).primaryKey(),
  tenantId: varchar("tenant_id", { length: 32 }).notNull(),
  catalogCode: varchar("catalog_code", { length: 64 }).notNull(),
  catalogVersionCode: varchar("catalog_version_code", { length: 64 }).notNull(),
  onlineShopCode: varchar("online_shop_code", { length: 64 }).notNull(),
  onlineShopName: text("online_shop_name").notNull(),
  siteTypeCode: varchar("site_type_code", { length: 32 }).notNull(),
  defLanguageCode: varchar("def_language_code", { length: 8 }).notNull(),
  defCurrencyCode: varchar("def_currency_code", { length: 3 }).notNull(),
  privacyPolicyUrls: jsonb("privacy_policy_urls").$type<Record<string, string>>().notNull(),
  tacConditionUrls: jsonb("tac_condition_urls").$type<Record<string, string>>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const siteLanguages = pgTable("site_language", {
  siteCode: varchar("site_code", { length: 64 })
    .notNull()
    .references(() => sites.siteCode),
  lang: varchar("lang", { length: 8 }).notNull(),
  langMeaning: text("lang_meaning").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Currencies with the rate from the base currency (HKD); amounts are integer minor units. */
export const currencies = pgTable("currency", {
  code: varchar("code", { length: 3 }).primaryKey(),
  symbol: varchar("symbol", { length: 8 }).notNull(),
  minorDigits: integer("minor_digits").notNull(),
  /** Units of this currency per 1 HKD, as a decimal string, e.g. "0.128". */
  rateFromBase: text("rate_from_base").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
});
