import { asc } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { addressRegions } from "../../../db/schema/index.ts";

export function createRegionRepo(db: Database) {
  return {
    allRegions() {
      return db
        .select()
        .from(addressRegions)
        .orderBy(asc(addressRegions.level), asc(addressRegions.sortOrder));
    },
  };
}

export type RegionRepo = ReturnType<typeof createRegionRepo>;
