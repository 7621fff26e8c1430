import { index, integer, jsonb, pgTable, varchar } from "drizzle-orm/pg-core";
import type { LocalizedText } from "./localized.ts";

/** spec 3 Region: the delivery address tree, region (level 1) → city (2) → district (3). */
export const addressRegions = pgTable(
  "address_region",
  {
    regionCode: varchar("region_code", { length: 32 }).primaryKey(),
    parentRegionCode: varchar("parent_region_code", { length: 32 }),
    level: integer("level").notNull(),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("address_region_parent_idx").on(t.parentRegionCode)],
);
