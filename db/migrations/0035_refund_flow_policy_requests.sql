CREATE TABLE "refund_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"cancel_window_days" integer NOT NULL,
	"request_window_days" integer NOT NULL,
	"installed_refundable" boolean NOT NULL,
	"max_used_percent" integer NOT NULL,
	"allow_card" boolean NOT NULL,
	"allow_credit" boolean NOT NULL,
	"card_refund_days" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"upload_id" varchar(32),
	"destination" varchar(8) NOT NULL,
	"status" varchar(12) DEFAULT 'REQUESTED' NOT NULL,
	"decided_by" uuid,
	"decision_reason" text,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_refund" ALTER COLUMN "operator_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refund" ADD COLUMN "starter" varchar(12) DEFAULT 'OPERATOR' NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_policy" ADD CONSTRAINT "refund_policy_updated_by_operator_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_request" ADD CONSTRAINT "refund_request_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_request" ADD CONSTRAINT "refund_request_decided_by_operator_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_request" ADD CONSTRAINT "refund_request_refund_id_order_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refund"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_request_status_idx" ON "refund_request" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_request_open_order" ON "refund_request" USING btree ("order_id") WHERE "refund_request"."status" = 'REQUESTED';