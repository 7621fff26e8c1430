ALTER TABLE "sandbox_payment_session" ADD COLUMN "refund_keys" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_session" ADD COLUMN "refund_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refund" ADD COLUMN "credit_part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refund" ADD COLUMN "credit_back_minor" integer;--> statement-breakpoint
ALTER TABLE "order_refund" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refund" ADD COLUMN "sending_until" timestamp with time zone;