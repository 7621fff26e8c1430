CREATE TABLE "esim_supplier_order" (
	"order_id" uuid NOT NULL,
	"unit_index" integer NOT NULL,
	"supplier" varchar(16) NOT NULL,
	"status" varchar(8) NOT NULL,
	"reference" varchar(64),
	"polls" integer DEFAULT 0 NOT NULL,
	"failure" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "esim_supplier_order_order_id_unit_index_supplier_pk" PRIMARY KEY("order_id","unit_index","supplier")
);
--> statement-breakpoint
CREATE TABLE "plan_supplier" (
	"platform_product_code" varchar(48) NOT NULL,
	"supplier" varchar(16) NOT NULL,
	"package_code" varchar(64) NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_supplier_platform_product_code_supplier_pk" PRIMARY KEY("platform_product_code","supplier")
);
--> statement-breakpoint
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
CREATE TABLE "supplier_balance" (
	"supplier" varchar(16) PRIMARY KEY NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"threshold_minor" integer NOT NULL,
	"low" boolean DEFAULT false NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_paused_plan" (
	"platform_product_code" varchar(48) PRIMARY KEY NOT NULL,
	"supplier" varchar(16) NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "esim_supplier_order" ADD CONSTRAINT "esim_supplier_order_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_supplier" ADD CONSTRAINT "plan_supplier_platform_product_code_plan_platform_product_code_fk" FOREIGN KEY ("platform_product_code") REFERENCES "public"."plan"("platform_product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_rounding" ADD CONSTRAINT "price_rounding_currency_code_currency_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_paused_plan" ADD CONSTRAINT "supplier_paused_plan_platform_product_code_plan_platform_product_code_fk" FOREIGN KEY ("platform_product_code") REFERENCES "public"."plan"("platform_product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_rule_scope_key" ON "pricing_rule" USING btree (coalesce("destination_code", ''),coalesce("platform_product_code", ''));