CREATE TABLE "store_credit_adjustment_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"note" text NOT NULL,
	"idempotency_key" varchar(160) NOT NULL,
	"requested_by" uuid NOT NULL,
	"status" varchar(12) DEFAULT 'PENDING' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_adjustment_request_nonzero" CHECK ("store_credit_adjustment_request"."amount_minor" <> 0)
);
--> statement-breakpoint
ALTER TABLE "store_credit_adjustment_request" ADD CONSTRAINT "store_credit_adjustment_request_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_adjustment_request_key" ON "store_credit_adjustment_request" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "store_credit_adjustment_request_status_idx" ON "store_credit_adjustment_request" USING btree ("status","created_at");