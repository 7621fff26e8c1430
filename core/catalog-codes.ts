// The catalogue's closed lists, shared by the schema (db/schema/catalog.ts), the console's contracts and pages.

export const DESTINATION_TYPES = ["COUNTRY", "REGION", "GLOBAL"] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];

/** DRAFT: made by the catalogue sync from a new supplier package, waiting for an operator to publish it (ADR 0197). */
export const PLAN_STATUSES = ["ON_SHELF", "OFF_SHELF", "DRAFT"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
