CREATE TABLE "pending_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "api_token_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "api_token_last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "signs_payouts_from" timestamp with time zone;--> statement-breakpoint
-- Tokens issued before this migration kept no issue time: their life starts now.
UPDATE "operators" SET "api_token_issued_at" = now() WHERE "api_token_hash" IS NOT NULL;--> statement-breakpoint
-- Operators who could approve and send before keep that right, from when they were made; viewers and disabled ones have none.
UPDATE "operators" SET "signs_payouts_from" = "created_at" WHERE "disabled_at" IS NULL AND "role" IN ('operator', 'admin');
