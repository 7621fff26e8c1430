CREATE TABLE "supplier_status" (
	"supplier" varchar(16) PRIMARY KEY NOT NULL,
	"sync_requested_at" timestamp with time zone,
	"sync_started_at" timestamp with time zone,
	"sync_finished_at" timestamp with time zone,
	"sync_outcome" varchar(8),
	"sync_counts" jsonb,
	"sync_errors" jsonb,
	"balance_checked_at" timestamp with time zone,
	"balance_error" varchar(500),
	"webhook_url" varchar(500),
	"webhook_registered_at" timestamp with time zone,
	"webhook_attempted_at" timestamp with time zone,
	"webhook_error" varchar(500),
	"webhook_received_at" timestamp with time zone
);