CREATE TABLE "console_bulk_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL,
	"batch_key" varchar(128) NOT NULL,
	"action" varchar(32) NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console_bulk_item" ADD CONSTRAINT "console_bulk_item_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "console_bulk_item_batch_order" ON "console_bulk_item" USING btree ("operator_id","batch_key","order_id");