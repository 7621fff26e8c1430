CREATE TABLE "content_page_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_code" varchar(64) NOT NULL,
	"page_code" varchar(64) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"published_by" uuid,
	"restored_from" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_upload" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"content_type" varchar(96) NOT NULL,
	"ext" varchar(8) NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"storage_key" varchar(160) NOT NULL,
	"file_name" varchar(120) NOT NULL,
	"used_for" varchar(16),
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_page" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_page_version" ADD CONSTRAINT "content_page_version_site_code_site_site_code_fk" FOREIGN KEY ("site_code") REFERENCES "public"."site"("site_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_page_version_idx" ON "content_page_version" USING btree ("site_code","page_code","lang","version");--> statement-breakpoint
CREATE INDEX "customer_upload_customer_idx" ON "customer_upload" USING btree ("customer_id","created_at");