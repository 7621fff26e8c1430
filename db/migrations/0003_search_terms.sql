CREATE TABLE "search_index_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_term" (
	"destination_code" varchar(16) NOT NULL,
	"term" text NOT NULL,
	"kind" varchar(8) NOT NULL,
	"via_code" varchar(16) NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "search_term_destination_code_term_pk" PRIMARY KEY("destination_code","term")
);
--> statement-breakpoint
ALTER TABLE "search_term" ADD CONSTRAINT "search_term_destination_code_destination_code_fk" FOREIGN KEY ("destination_code") REFERENCES "public"."destination"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_term_term_trgm_idx" ON "search_term" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_term_term_prefix_idx" ON "search_term" USING btree ("term" text_pattern_ops);