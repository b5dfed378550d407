ALTER TABLE "transactions" ADD COLUMN "chain_check" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "chain_confirmations" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "chain_required" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "chain_reason" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "chain_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "chain_wait_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "transactions_chain_waiting_idx" ON "transactions" USING btree ("chain_checked_at") WHERE "transactions"."chain_check" = 'waiting';--> statement-breakpoint
CREATE INDEX "transactions_txid_idx" ON "transactions" USING btree (lower("txid")) WHERE "transactions"."txid" is not null;