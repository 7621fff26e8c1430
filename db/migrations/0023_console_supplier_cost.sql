ALTER TABLE "plan_supplier" ADD COLUMN "cost_usd_cents" integer;--> statement-breakpoint
ALTER TABLE "plan_supplier" ADD COLUMN "recommended_retail" jsonb;