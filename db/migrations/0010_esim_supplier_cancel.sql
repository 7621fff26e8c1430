DROP INDEX "esim_live_idx";--> statement-breakpoint
ALTER TABLE "esim_package" ADD COLUMN "supplier_cancel" varchar(12);--> statement-breakpoint
ALTER TABLE "esim_package" ADD COLUMN "supplier_cancel_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esim_package" ADD COLUMN "supplier_cancel_note" varchar(64);--> statement-breakpoint
ALTER TABLE "sandbox_supplier_package" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_supplier_profile" ADD COLUMN "state" varchar(12) DEFAULT 'RELEASED' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_supplier_profile" ADD COLUMN "installed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_supplier_profile" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "esim_package_cancel_idx" ON "esim_package" USING btree ("supplier_cancel") WHERE "esim_package"."supplier_cancel" is not null and "esim_package"."supplier_cancel" <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "esim_live_idx" ON "esim" USING btree ("state") WHERE "esim"."state" not in ('EXPIRED', 'CANCELLED');