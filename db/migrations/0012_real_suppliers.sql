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
ALTER TABLE "esim_supplier_order" ADD CONSTRAINT "esim_supplier_order_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_supplier" ADD CONSTRAINT "plan_supplier_platform_product_code_plan_platform_product_code_fk" FOREIGN KEY ("platform_product_code") REFERENCES "public"."plan"("platform_product_code") ON DELETE cascade ON UPDATE no action;