CREATE TABLE "plan_review" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_product_code" varchar(48) NOT NULL,
	"order_code" varchar(32) NOT NULL,
	"customer_id" uuid,
	"rating" smallint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"locale" varchar(8) NOT NULL,
	"status" varchar(12) DEFAULT 'VISIBLE' NOT NULL,
	"hidden_reason" text,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_review_rating_range" CHECK ("plan_review"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "plan_review" ADD CONSTRAINT "plan_review_platform_product_code_plan_platform_product_code_fk" FOREIGN KEY ("platform_product_code") REFERENCES "public"."plan"("platform_product_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_review_order_key" ON "plan_review" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "plan_review_plan_idx" ON "plan_review" USING btree ("platform_product_code","status","created_at");