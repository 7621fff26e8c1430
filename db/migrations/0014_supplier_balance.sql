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
ALTER TABLE "supplier_paused_plan" ADD CONSTRAINT "supplier_paused_plan_platform_product_code_plan_platform_product_code_fk" FOREIGN KEY ("platform_product_code") REFERENCES "public"."plan"("platform_product_code") ON DELETE cascade ON UPDATE no action;