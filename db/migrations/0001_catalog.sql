CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "address_region" (
	"region_code" varchar(32) PRIMARY KEY NOT NULL,
	"parent_region_code" varchar(32),
	"level" integer NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category" (
	"category_code" varchar(32) PRIMARY KEY NOT NULL,
	"parent_category_code" varchar(32),
	"name" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_destination" (
	"category_code" varchar(32) NOT NULL,
	"destination_code" varchar(16) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_destination_category_code_destination_code_pk" PRIMARY KEY("category_code","destination_code")
);
--> statement-breakpoint
CREATE TABLE "continent_destination" (
	"continent_id" integer NOT NULL,
	"destination_code" varchar(16) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "continent_destination_continent_id_destination_code_pk" PRIMARY KEY("continent_id","destination_code")
);
--> statement-breakpoint
CREATE TABLE "continent" (
	"continent_id" integer PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"show_flag" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "continent_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "destination_country" (
	"destination_code" varchar(16) NOT NULL,
	"country_code" varchar(16) NOT NULL,
	CONSTRAINT "destination_country_destination_code_country_code_pk" PRIMARY KEY("destination_code","country_code")
);
--> statement-breakpoint
CREATE TABLE "destination" (
	"code" varchar(16) PRIMARY KEY NOT NULL,
	"type" varchar(8) NOT NULL,
	"iso2" varchar(2),
	"name_en" text NOT NULL,
	"name_zh_cn" text NOT NULL,
	"name_zh_hk" text NOT NULL,
	"continent_code" varchar(2),
	"image_url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_coverage" (
	"platform_product_code" varchar(48) NOT NULL,
	"country_code" varchar(16) NOT NULL,
	"operators" text[] NOT NULL,
	"network" varchar(4) NOT NULL,
	CONSTRAINT "plan_coverage_platform_product_code_country_code_pk" PRIMARY KEY("platform_product_code","country_code")
);
--> statement-breakpoint
CREATE TABLE "plan_label" (
	"label_code" varchar(32) PRIMARY KEY NOT NULL,
	"label_type" varchar(16) NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_price" (
	"platform_product_code" varchar(48) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"unit_price" integer NOT NULL,
	"display_price" integer,
	CONSTRAINT "plan_price_platform_product_code_currency_code_pk" PRIMARY KEY("platform_product_code","currency_code")
);
--> statement-breakpoint
CREATE TABLE "plan" (
	"platform_product_code" varchar(48) PRIMARY KEY NOT NULL,
	"destination_code" varchar(16) NOT NULL,
	"title" jsonb NOT NULL,
	"data_mb" integer,
	"unlimited" boolean DEFAULT false NOT NULL,
	"daily_high_speed_mb" integer,
	"validity_days" integer NOT NULL,
	"hotspot" boolean DEFAULT true NOT NULL,
	"network" varchar(4) DEFAULT '4G' NOT NULL,
	"label_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" varchar(16) DEFAULT 'ON_SHELF' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommend_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"recommend_code" varchar(48) NOT NULL,
	"platform_product_code" varchar(48) NOT NULL,
	"score" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommend_list" (
	"recommend_code" varchar(48) PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_page" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_code" varchar(64) NOT NULL,
	"page_code" varchar(64) NOT NULL,
	"page_type" varchar(8) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"status" varchar(16) NOT NULL,
	"title" text NOT NULL,
	"document" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hot_word" (
	"id" serial PRIMARY KEY NOT NULL,
	"lang" varchar(8) NOT NULL,
	"word" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_room" (
	"room_code" varchar(48) PRIMARY KEY NOT NULL,
	"online_shop_code" varchar(64) NOT NULL,
	"site_type_code" varchar(32) NOT NULL,
	"room_name" jsonb NOT NULL,
	"feeds_img_url" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"room_status_code" varchar(16) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note" (
	"note_info_code" varchar(48) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"note_title" text NOT NULL,
	"media_url" text NOT NULL,
	"note_content" text NOT NULL,
	"topic_name_list" text[] NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "note_note_info_code_lang_pk" PRIMARY KEY("note_info_code","lang")
);
--> statement-breakpoint
CREATE TABLE "specific_word" (
	"id" serial PRIMARY KEY NOT NULL,
	"lang" varchar(8) NOT NULL,
	"specific_word" text NOT NULL,
	"deeplink" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_target" (
	"marketing_code" varchar(48) NOT NULL,
	"platform_product_code" varchar(48) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_target_marketing_code_platform_product_code_pk" PRIMARY KEY("marketing_code","platform_product_code")
);
--> statement-breakpoint
CREATE TABLE "campaign" (
	"marketing_code" varchar(48) PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"show_flag" boolean NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon" (
	"code" varchar(48) PRIMARY KEY NOT NULL,
	"marketing_type" varchar(16) NOT NULL,
	"coupon_type_code" varchar(16) NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"result_discount" numeric(4, 3),
	"result_reduction" integer,
	"reduction_currency" varchar(3),
	"minimum_spend" integer DEFAULT 0 NOT NULL,
	"minimum_spend_currency" varchar(3) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"total_limit" integer,
	"per_customer_limit" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "media" (
	"media_url" text PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"content_type" varchar(64) NOT NULL,
	"width" integer,
	"height" integer,
	"alt" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_destination" ADD CONSTRAINT "category_destination_category_code_category_category_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."category"("category_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_destination" ADD CONSTRAINT "category_destination_destination_code_destination_code_fk" FOREIGN KEY ("destination_code") REFERENCES "public"."destination"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "continent_destination" ADD CONSTRAINT "continent_destination_continent_id_continent_continent_id_fk" FOREIGN KEY ("continent_id") REFERENCES "public"."continent"("continent_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "continent_destination" ADD CONSTRAINT "continent_destination_destination_code_destination_code_fk" FOREIGN KEY ("destination_code") REFERENCES "public"."destination"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination_country" ADD CONSTRAINT "destination_country_destination_code_destination_code_fk" FOREIGN KEY ("destination_code") REFERENCES "public"."destination"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination_country" ADD CONSTRAINT "destination_country_country_code_destination_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."destination"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_coverage" ADD CONSTRAINT "plan_coverage_platform_product_code_plan_platform_product_code_fk" FOREIGN KEY ("platform_product_code") REFERENCES "public"."plan"("platform_product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_coverage" ADD CONSTRAINT "plan_coverage_country_code_destination_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."destination"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_price" ADD CONSTRAINT "plan_price_platform_product_code_plan_platform_product_code_fk" FOREIGN KEY ("platform_product_code") REFERENCES "public"."plan"("platform_product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_price" ADD CONSTRAINT "plan_price_currency_code_currency_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan" ADD CONSTRAINT "plan_destination_code_destination_code_fk" FOREIGN KEY ("destination_code") REFERENCES "public"."destination"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommend_item" ADD CONSTRAINT "recommend_item_recommend_code_recommend_list_recommend_code_fk" FOREIGN KEY ("recommend_code") REFERENCES "public"."recommend_list"("recommend_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommend_item" ADD CONSTRAINT "recommend_item_platform_product_code_plan_platform_product_code_fk" FOREIGN KEY ("platform_product_code") REFERENCES "public"."plan"("platform_product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_page" ADD CONSTRAINT "content_page_site_code_site_site_code_fk" FOREIGN KEY ("site_code") REFERENCES "public"."site"("site_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_target" ADD CONSTRAINT "campaign_target_marketing_code_campaign_marketing_code_fk" FOREIGN KEY ("marketing_code") REFERENCES "public"."campaign"("marketing_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_target" ADD CONSTRAINT "campaign_target_platform_product_code_plan_platform_product_code_fk" FOREIGN KEY ("platform_product_code") REFERENCES "public"."plan"("platform_product_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon" ADD CONSTRAINT "coupon_reduction_currency_currency_code_fk" FOREIGN KEY ("reduction_currency") REFERENCES "public"."currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon" ADD CONSTRAINT "coupon_minimum_spend_currency_currency_code_fk" FOREIGN KEY ("minimum_spend_currency") REFERENCES "public"."currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_region_parent_idx" ON "address_region" USING btree ("parent_region_code");--> statement-breakpoint
CREATE INDEX "destination_country_country_idx" ON "destination_country" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "destination_type_idx" ON "destination" USING btree ("type","popularity");--> statement-breakpoint
CREATE INDEX "destination_name_en_trgm_idx" ON "destination" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "destination_name_zh_cn_trgm_idx" ON "destination" USING gin ("name_zh_cn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "destination_name_zh_hk_trgm_idx" ON "destination" USING gin ("name_zh_hk" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "destination_search_text_trgm_idx" ON "destination" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plan_coverage_country_idx" ON "plan_coverage" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "plan_destination_status_idx" ON "plan" USING btree ("destination_code","status","sort_order");--> statement-breakpoint
CREATE INDEX "recommend_item_code_score_idx" ON "recommend_item" USING btree ("recommend_code","score");--> statement-breakpoint
CREATE UNIQUE INDEX "content_page_key_idx" ON "content_page" USING btree ("site_code","page_code","lang","status");--> statement-breakpoint
CREATE INDEX "hot_word_lang_idx" ON "hot_word" USING btree ("lang","sort_order");--> statement-breakpoint
CREATE INDEX "specific_word_lang_idx" ON "specific_word" USING btree ("lang");