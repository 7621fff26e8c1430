CREATE TABLE "supplier_rate_window" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pending" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blocked_until" bigint DEFAULT 0 NOT NULL
);
