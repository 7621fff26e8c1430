CREATE TABLE "customer_notification" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" varchar(24) NOT NULL,
	"params" jsonb NOT NULL,
	"link" text,
	"event_key" varchar(128) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "footer_content" (
	"lang" varchar(8) PRIMARY KEY NOT NULL,
	"contact_ways_title" text NOT NULL,
	"contact_ways" jsonb NOT NULL,
	"content_list" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_article" (
	"slug" varchar(64) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"category" varchar(16) NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"search_text" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_article_slug_lang_pk" PRIMARY KEY("slug","lang")
);
--> statement-breakpoint
CREATE TABLE "help_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"voter_key" varchar(64) NOT NULL,
	"customer_id" uuid,
	"helpful" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_word" (
	"id" serial PRIMARY KEY NOT NULL,
	"lang" varchar(8) NOT NULL,
	"word" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_page" (
	"page_key" varchar(24) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "info_page_page_key_lang_pk" PRIMARY KEY("page_key","lang")
);
--> statement-breakpoint
CREATE TABLE "legal_document" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(24) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preference" (
	"customer_id" uuid NOT NULL,
	"kind" varchar(24) NOT NULL,
	"email" boolean NOT NULL,
	"in_app" boolean NOT NULL,
	CONSTRAINT "notification_preference_customer_id_kind_pk" PRIMARY KEY("customer_id","kind")
);
--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "accepted_terms_version" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_notification_event_idx" ON "customer_notification" USING btree ("customer_id","event_key");--> statement-breakpoint
CREATE INDEX "customer_notification_list_idx" ON "customer_notification" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "help_article_search_trgm_idx" ON "help_article" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "help_feedback_voter_idx" ON "help_feedback" USING btree ("slug","voter_key");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_document_version_idx" ON "legal_document" USING btree ("kind","lang","version");