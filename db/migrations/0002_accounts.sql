CREATE TABLE "captcha" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"answer_hash" varchar(64) NOT NULL,
	"obfuscation_key" varchar(16) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"check_key_hash" varchar(64),
	"check_account" varchar(300),
	"check_expires_at" timestamp with time zone,
	"check_consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"access_token_hash" varchar(64) NOT NULL,
	"refresh_token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"rotated_from" uuid,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"user_agent" varchar(512),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_social_identity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider" varchar(16) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"email" varchar(254),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_type" varchar(4) DEFAULT 'C' NOT NULL,
	"email" varchar(254),
	"phone" varchar(20),
	"international_tel_code" varchar(6),
	"password_hash" text,
	"nick_name" varchar(64),
	"login_name" varchar(254),
	"default_language" varchar(8),
	"preference_currency" varchar(3),
	"status" varchar(16) DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"anonymized_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" varchar(8) NOT NULL,
	"to" varchar(300) NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" varchar(12) DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_key_pair" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_code" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"target" varchar(300) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_session" ADD CONSTRAINT "customer_session_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_social_identity" ADD CONSTRAINT "customer_social_identity_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_session_access_token_hash_key" ON "customer_session" USING btree ("access_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_session_refresh_token_hash_key" ON "customer_session" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "customer_session_customer_idx" ON "customer_session" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_session_family_idx" ON "customer_session" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_social_identity_provider_subject_key" ON "customer_social_identity" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "customer_social_identity_customer_idx" ON "customer_social_identity" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_email_key" ON "customer" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_phone_key" ON "customer" USING btree ("international_tel_code","phone");--> statement-breakpoint
CREATE INDEX "message_outbox_pending_idx" ON "message_outbox" USING btree ("next_attempt_at") WHERE "message_outbox"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "message_outbox_to_idx" ON "message_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "verification_code_target_idx" ON "verification_code" USING btree ("target","purpose","created_at");