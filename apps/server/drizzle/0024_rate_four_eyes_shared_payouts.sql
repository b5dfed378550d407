CREATE INDEX "bank_cards_number_idx" ON "bank_cards" USING btree ("number");--> statement-breakpoint
CREATE INDEX "bank_cards_iban_idx" ON "bank_cards" USING btree ("iban");--> statement-breakpoint
CREATE INDEX "transactions_receiver_idx" ON "transactions" USING btree (lower("receiver_address"));--> statement-breakpoint
CREATE TABLE "pending_rates" (
	"pair" text PRIMARY KEY NOT NULL,
	"price" bigint NOT NULL,
	"base_price" bigint NOT NULL,
	"proposed_by" bigint NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "value_usdt" bigint;--> statement-breakpoint
-- Payouts before this migration are judged as new ones are: net at the lowest rate of its pair in force over the day
-- before the request (FOUR_EYES_DELAY_SECONDS' default), rounded up, never below the invoice amount.
UPDATE "transactions" t SET "value_usdt" = CASE WHEN t."currency" = 'usdt' THEN t."amount" ELSE greatest(t."amount", (
  SELECT ceil(t."net"::numeric * (CASE WHEN t."currency" = 'irt' THEN 1000000000000 ELSE 1000000 END)
    / least(t."rate", coalesce(min(r."price"), t."rate")))::bigint
  FROM "exchange_rates" r
  WHERE r."pair" = (CASE WHEN t."currency" = 'irt' THEN 'USDTIRT' ELSE 'USDTTRX' END)
    AND r."created_at" <= t."created_at"
    AND (r."created_at" > t."created_at" - interval '1 day' OR r."id" = (
      SELECT max(r2."id") FROM "exchange_rates" r2
      WHERE r2."pair" = r."pair" AND r2."created_at" <= t."created_at" - interval '1 day'))
)) END;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "value_usdt" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_rates" ADD CONSTRAINT "pending_rates_proposed_by_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;