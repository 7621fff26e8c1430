CREATE TABLE "media_asset" (
	"hash" varchar(64) PRIMARY KEY NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"ext" varchar(8) NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"file_name" varchar(120) NOT NULL,
	"storage_key" varchar(160) NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_asset_created_idx" ON "media_asset" USING btree ("created_at");