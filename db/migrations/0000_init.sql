CREATE TABLE "currency" (
	"code" varchar(3) PRIMARY KEY NOT NULL,
	"symbol" varchar(8) NOT NULL,
	"minor_digits" integer NOT NULL,
	"rate_from_base" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_language" (
	"site_code" varchar(64) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"lang_meaning" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site" (
	"site_code" varchar(64) PRIMARY KEY NOT NULL,
	"tenant_id" varchar(32) NOT NULL,
	"catalog_code" varchar(64) NOT NULL,
	"catalog_version_code" varchar(64) NOT NULL,
	"online_shop_code" varchar(64) NOT NULL,
	"online_shop_name" text NOT NULL,
	"site_type_code" varchar(32) NOT NULL,
	"def_language_code" varchar(8) NOT NULL,
	"def_currency_code" varchar(3) NOT NULL,
	"privacy_policy_urls" jsonb NOT NULL,
	"tac_condition_urls" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_language" ADD CONSTRAINT "site_language_site_code_site_site_code_fk" FOREIGN KEY ("site_code") REFERENCES "public"."site"("site_code") ON DELETE no action ON UPDATE no action;