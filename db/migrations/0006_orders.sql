CREATE TABLE "coupon_customer_usage" (
	"coupon_code" varchar(48) NOT NULL,
	"customer_id" uuid NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coupon_customer_usage_coupon_code_customer_id_pk" PRIMARY KEY("coupon_code","customer_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_scope" (
	"coupon_code" varchar(48) NOT NULL,
	"scope_type" varchar(12) NOT NULL,
	"scope_code" varchar(48) NOT NULL,
	CONSTRAINT "coupon_scope_coupon_code_scope_type_scope_code_pk" PRIMARY KEY("coupon_code","scope_type","scope_code")
);
--> statement-breakpoint
CREATE TABLE "coupon_usage" (
	"coupon_code" varchar(48) PRIMARY KEY NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_coupon" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"coupon_code" varchar(48) NOT NULL,
	"status" varchar(12) DEFAULT 'AVAILABLE' NOT NULL,
	"order_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"dedupe_key" varchar(160),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20) NOT NULL,
	"reason" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" varchar(20) NOT NULL,
	"idempotency_key" varchar(128) NOT NULL,
	"request_fingerprint" varchar(64) NOT NULL,
	"platform_product_code" varchar(48) NOT NULL,
	"destination_code" varchar(16) NOT NULL,
	"plan_title" text NOT NULL,
	"quantity" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"unit_price" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"coupon_code" varchar(48),
	"customer_coupon_id" uuid,
	"coupon_discount" integer DEFAULT 0 NOT NULL,
	"promo_code" varchar(48),
	"promo_discount" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"contact_email" varchar(254) NOT NULL,
	"locale" varchar(8) NOT NULL,
	"top_up_iccid" varchar(22),
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"payment_provider" varchar(16),
	"provider_payment_id" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"provider" varchar(16) NOT NULL,
	"event_id" varchar(128) NOT NULL,
	"type" varchar(64) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_event_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_session_id" varchar(128) NOT NULL,
	"provider_payment_id" varchar(128),
	"redirect_url" text NOT NULL,
	"status" varchar(12) DEFAULT 'CREATED' NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"failure_code" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_session" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"order_code" varchar(32) NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"description" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" varchar(12) DEFAULT 'OPEN' NOT NULL,
	"payment_id" varchar(64),
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_customer_usage" ADD CONSTRAINT "coupon_customer_usage_coupon_code_coupon_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupon"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_customer_usage" ADD CONSTRAINT "coupon_customer_usage_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_scope" ADD CONSTRAINT "coupon_scope_coupon_code_coupon_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupon"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_usage" ADD CONSTRAINT "coupon_usage_coupon_code_coupon_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupon"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coupon" ADD CONSTRAINT "customer_coupon_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coupon" ADD CONSTRAINT "customer_coupon_coupon_code_coupon_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupon"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order" ADD CONSTRAINT "customer_order_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order" ADD CONSTRAINT "customer_order_platform_product_code_plan_platform_product_code_fk" FOREIGN KEY ("platform_product_code") REFERENCES "public"."plan"("platform_product_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order" ADD CONSTRAINT "customer_order_destination_code_destination_code_fk" FOREIGN KEY ("destination_code") REFERENCES "public"."destination"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order" ADD CONSTRAINT "customer_order_coupon_code_coupon_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupon"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order" ADD CONSTRAINT "customer_order_promo_code_coupon_code_fk" FOREIGN KEY ("promo_code") REFERENCES "public"."coupon"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_coupon_customer_idx" ON "customer_coupon" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "job_due_idx" ON "job" USING btree ("run_at") WHERE "job"."status" in ('PENDING', 'RUNNING');--> statement-breakpoint
CREATE UNIQUE INDEX "job_dedupe_key" ON "job" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_order_code_key" ON "customer_order" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_order_idempotency_key" ON "customer_order" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_order_provider_payment_key" ON "customer_order" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "customer_order_customer_idx" ON "customer_order" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_provider_session_key" ON "payment" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "payment_order_idx" ON "payment" USING btree ("order_id");