CREATE TABLE "payment_anomaly" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_payment_id" varchar(128) NOT NULL,
	"provider_event_id" varchar(128),
	"kind" varchar(32) NOT NULL,
	"expected_amount" integer NOT NULL,
	"expected_currency" varchar(3) NOT NULL,
	"received_amount" bigint NOT NULL,
	"received_currency" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_anomaly" ADD CONSTRAINT "payment_anomaly_order_id_customer_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_anomaly_provider_payment_key" ON "payment_anomaly" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payment_anomaly_open_idx" ON "payment_anomaly" USING btree ("created_at") WHERE "payment_anomaly"."resolved_at" is null;