import { index, integer, jsonb, pgTable, serial, varchar } from "drizzle-orm/pg-core";
import { plans } from "./catalog.ts";
import type { LocalizedText } from "./localized.ts";

/** spec 7 /o2pcm/v1/pub/product/recommend: a named list of plans in score order (score mode). */
export const recommendLists = pgTable("recommend_list", {
  recommendCode: varchar("recommend_code", { length: 48 }).primaryKey(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
});

export const recommendItems = pgTable(
  "recommend_item",
  {
    id: serial("id").primaryKey(),
    recommendCode: varchar("recommend_code", { length: 48 })
      .notNull()
      .references(() => recommendLists.recommendCode, { onDelete: "cascade" }),
    platformProductCode: varchar("platform_product_code", { length: 48 })
      .notNull()
      .references(() => plans.platformProductCode, { onDelete: "cascade" }),
    /** Higher first; the client pages with maxScore = the last item's score (spec 7). */
    score: integer("score").notNull(),
  },
  (t) => [index("recommend_item_code_score_idx").on(t.recommendCode, t.score)],
);
