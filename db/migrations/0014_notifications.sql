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
CREATE TABLE "notification_preference" (
	"customer_id" uuid NOT NULL,
	"kind" varchar(24) NOT NULL,
	"email" boolean NOT NULL,
	"in_app" boolean NOT NULL,
	CONSTRAINT "notification_preference_customer_id_kind_pk" PRIMARY KEY("customer_id","kind")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_notification_event_idx" ON "customer_notification" USING btree ("customer_id","event_key");--> statement-breakpoint
CREATE INDEX "customer_notification_list_idx" ON "customer_notification" USING btree ("customer_id","created_at");