CREATE TABLE "supplier_balance_reading" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier" varchar(16) NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "esim_supplier_order" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esim_supplier_order" ADD COLUMN "cost_usd_cents" integer;--> statement-breakpoint
CREATE INDEX "supplier_balance_reading_at_idx" ON "supplier_balance_reading" USING btree ("supplier","taken_at");