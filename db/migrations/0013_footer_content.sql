CREATE TABLE "footer_content" (
	"lang" varchar(8) PRIMARY KEY NOT NULL,
	"contact_ways_title" text NOT NULL,
	"contact_ways" jsonb NOT NULL,
	"content_list" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
