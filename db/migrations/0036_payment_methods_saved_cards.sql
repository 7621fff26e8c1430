CREATE TABLE "payment_customer" (
	"customer_id" uuid NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_customer_id" varchar(128) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customer_customer_id_provider_pk" PRIMARY KEY("customer_id","provider")
);
--> statement-breakpoint
CREATE TABLE "sandbox_saved_card" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"customer_ref" varchar(64) NOT NULL,
	"brand" varchar(16) NOT NULL,
	"last4" varchar(4) NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_payment_session" ADD COLUMN "customer_ref" varchar(64);--> statement-breakpoint
ALTER TABLE "sandbox_payment_session" ADD COLUMN "method" varchar(16);--> statement-breakpoint
ALTER TABLE "payment_customer" ADD CONSTRAINT "payment_customer_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_saved_card_customer_idx" ON "sandbox_saved_card" USING btree ("customer_ref");