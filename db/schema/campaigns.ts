import { boolean, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from "drizzle-orm/pg-core";
import { plans } from "./catalog.ts";
import type { LocalizedText } from "./localized.ts";

/** A campaign (marketingCode); spec 4 campaign gate: showFlag false means "活动已结束". */
export const campaigns = pgTable("campaign", {
  marketingCode: varchar("marketing_code", { length: 48 }).primaryKey(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  showFlag: boolean("show_flag").notNull(),
  startTime: timestamp("start_time", { withTimezone: true }).notNull(),
  endTime: timestamp("end_time", { withTimezone: true }).notNull(),
});

/** The plans a campaign targets (spec 3 campaign target info). */
export const campaignTargets = pgTable(
  "campaign_target",
  {
    marketingCode: varchar("marketing_code", { length: 48 })
      .notNull()
      .references(() => campaigns.marketingCode, { onDelete: "cascade" }),
    platformProductCode: varchar("platform_product_code", { length: 48 })
      .notNull()
      .references(() => plans.platformProductCode, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.marketingCode, t.platformProductCode] })],
);
