CREATE TABLE "reconciliation_mismatch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" varchar(200) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"day" varchar(10) NOT NULL,
	"party" varchar(32) NOT NULL,
	"order_code" varchar(32),
	"reference" varchar(128),
	"ours_minor" integer,
	"theirs_minor" integer,
	"currency" varchar(3),
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text
);
--> statement-breakpoint
ALTER TABLE "reconciliation_mismatch" ADD CONSTRAINT "reconciliation_mismatch_resolved_by_operator_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_mismatch_key" ON "reconciliation_mismatch" USING btree ("key");--> statement-breakpoint
CREATE INDEX "reconciliation_mismatch_open_idx" ON "reconciliation_mismatch" USING btree ("found_at") WHERE "reconciliation_mismatch"."resolved_at" is null;