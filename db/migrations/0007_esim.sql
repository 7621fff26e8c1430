CREATE TABLE "esim_package" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"esim_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"unit_index" integer NOT NULL,
	"platform_product_code" varchar(48) NOT NULL,
	"supplier_package_id" varchar(64) NOT NULL,
	"top_up" boolean DEFAULT false NOT NULL,
	"state" varchar(12) DEFAULT 'NOT_STARTED' NOT NULL,
	"data_total_mb" integer,
	"data_used_mb" integer DEFAULT 0 NOT NULL,
	"validity_days" integer NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"notified_low_at" timestamp with time zone,
	"notified_expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esim" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"iccid" varchar(22) NOT NULL,
	"supplier" varchar(16) NOT NULL,
	"smdp_address" varchar(255) NOT NULL,
	"matching_id" varchar(255) NOT NULL,
	"confirmation_code" varchar(32),
	"apn_name" varchar(100) NOT NULL,
	"apn_username" varchar(100),
	"apn_password" varchar(100),
	"state" varchar(12) DEFAULT 'READY' NOT NULL,
	"order_id" uuid NOT NULL,
	"unit_index" integer NOT NULL,
	"installed_at" timestamp with time zone,
	"usage_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_supplier_package" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"iccid" varchar(22) NOT NULL,
	"idempotency_key" varchar(128) NOT NULL,
	"product_code" varchar(48) NOT NULL,
	"data_total_mb" integer,
	"validity_days" integer NOT NULL,
	"state" varchar(12) DEFAULT 'NOT_STARTED' NOT NULL,
	"used_mb" integer DEFAULT 0 NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"simulated_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_supplier_profile" (
	"iccid" varchar(22) PRIMARY KEY NOT NULL,
	"smdp_address" varchar(255) NOT NULL,
	"matching_id" varchar(255) NOT NULL,
	"confirmation_code" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "esim_package" ADD CONSTRAINT "esim_package_esim_id_esim_id_fk" FOREIGN KEY ("esim_id") REFERENCES "public"."esim"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_package" ADD CONSTRAINT "esim_package_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_package" ADD CONSTRAINT "esim_package_platform_product_code_plan_platform_product_code_fk" FOREIGN KEY ("platform_product_code") REFERENCES "public"."plan"("platform_product_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim" ADD CONSTRAINT "esim_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim" ADD CONSTRAINT "esim_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_supplier_package" ADD CONSTRAINT "sandbox_supplier_package_iccid_sandbox_supplier_profile_iccid_fk" FOREIGN KEY ("iccid") REFERENCES "public"."sandbox_supplier_profile"("iccid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "esim_package_order_unit_key" ON "esim_package" USING btree ("order_id","unit_index");--> statement-breakpoint
CREATE UNIQUE INDEX "esim_package_supplier_key" ON "esim_package" USING btree ("supplier_package_id");--> statement-breakpoint
CREATE INDEX "esim_package_esim_idx" ON "esim_package" USING btree ("esim_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "esim_iccid_key" ON "esim" USING btree ("iccid");--> statement-breakpoint
CREATE UNIQUE INDEX "esim_order_unit_key" ON "esim" USING btree ("order_id","unit_index");--> statement-breakpoint
CREATE INDEX "esim_customer_idx" ON "esim" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "esim_live_idx" ON "esim" USING btree ("state") WHERE "esim"."state" <> 'EXPIRED';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_supplier_package_idem_key" ON "sandbox_supplier_package" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_supplier_package_iccid_idx" ON "sandbox_supplier_package" USING btree ("iccid","created_at");