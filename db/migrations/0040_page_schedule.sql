CREATE TABLE "content_page_schedule" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_code" varchar(64) NOT NULL,
	"page_code" varchar(64) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"revision" integer NOT NULL,
	"document" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content_page_schedule" ADD CONSTRAINT "content_page_schedule_site_code_site_site_code_fk" FOREIGN KEY ("site_code") REFERENCES "public"."site"("site_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_page_schedule_key_idx" ON "content_page_schedule" USING btree ("site_code","page_code","lang");