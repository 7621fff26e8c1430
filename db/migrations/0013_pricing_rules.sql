CREATE TABLE "price_rounding" (
	"currency_code" varchar(3) PRIMARY KEY NOT NULL,
	"step" integer NOT NULL,
	"ending" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_rule" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pricing_rule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"destination_code" varchar(16),
	"platform_product_code" varchar(48),
	"markup_bp" integer NOT NULL,
	"floor_usd_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_rounding" ADD CONSTRAINT "price_rounding_currency_code_currency_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_rule_scope_key" ON "pricing_rule" USING btree (coalesce("destination_code", ''),coalesce("platform_product_code", ''));