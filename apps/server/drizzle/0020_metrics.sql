CREATE TABLE "ledger_checks" (
	"id" integer PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"problems" integer NOT NULL,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bot_outbox_backlog_created_idx" ON "bot_outbox" USING btree ("created_at") WHERE "bot_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "bot_outbox_failed_created_idx" ON "bot_outbox" USING btree ("created_at") WHERE "bot_outbox"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "email_outbox_backlog_created_idx" ON "email_outbox" USING btree ("created_at") WHERE "email_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "email_outbox_failed_created_idx" ON "email_outbox" USING btree ("created_at") WHERE "email_outbox"."status" = 'failed';