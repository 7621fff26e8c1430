CREATE TABLE "store_credit_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"amount_minor" integer NOT NULL,
	"reason" varchar(64) NOT NULL,
	"source" varchar(160) NOT NULL,
	"order_id" uuid,
	"idempotency_key" varchar(160),
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_entry_nonzero" CHECK ("store_credit_entry"."amount_minor" <> 0),
	CONSTRAINT "store_credit_entry_sign" CHECK (("store_credit_entry"."kind" in ('EARNED', 'RELEASED', 'REFUNDED') and "store_credit_entry"."amount_minor" > 0)
        or ("store_credit_entry"."kind" in ('SPENT', 'EXPIRED') and "store_credit_entry"."amount_minor" < 0)
        or "store_credit_entry"."kind" = 'ADJUSTED')
);
--> statement-breakpoint
CREATE TABLE "invite_code" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_decision" (
	"id" serial PRIMARY KEY NOT NULL,
	"invite_id" uuid,
	"inviter_id" uuid,
	"friend_id" uuid,
	"decision" varchar(24) NOT NULL,
	"reason" varchar(48) NOT NULL,
	"order_id" uuid,
	"amount_minor" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"friend_coupon_code" varchar(48),
	"inviter_reward_minor" integer DEFAULT 3000 NOT NULL,
	"monthly_cap" integer DEFAULT 10 NOT NULL,
	"hold_days" integer DEFAULT 14 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_settings_one_row" CHECK ("invite_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invite" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inviter_id" uuid NOT NULL,
	"friend_id" uuid NOT NULL,
	"code" varchar(16) NOT NULL,
	"state" varchar(20) NOT NULL,
	"void_reason" varchar(48),
	"first_order_id" uuid,
	"reward_minor" integer,
	"rewarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "credit_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_credit_entry" ADD CONSTRAINT "store_credit_entry_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_code" ADD CONSTRAINT "invite_code_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_settings" ADD CONSTRAINT "invite_settings_friend_coupon_code_coupon_code_fk" FOREIGN KEY ("friend_coupon_code") REFERENCES "public"."coupon"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite" ADD CONSTRAINT "invite_inviter_id_customer_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite" ADD CONSTRAINT "invite_friend_id_customer_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_credit_entry_customer_idx" ON "store_credit_entry" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "store_credit_entry_order_idx" ON "store_credit_entry" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_entry_idempotency_key" ON "store_credit_entry" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_code_code_key" ON "invite_code" USING btree ("code");--> statement-breakpoint
CREATE INDEX "invite_decision_inviter_idx" ON "invite_decision" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_friend_key" ON "invite" USING btree ("friend_id");--> statement-breakpoint
CREATE INDEX "invite_inviter_idx" ON "invite" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "invite_first_order_idx" ON "invite" USING btree ("first_order_id");