CREATE INDEX "bank_cards_number_idx" ON "bank_cards" USING btree ("number");--> statement-breakpoint
CREATE INDEX "bank_cards_iban_idx" ON "bank_cards" USING btree ("iban");--> statement-breakpoint
CREATE INDEX "transactions_receiver_idx" ON "transactions" USING btree (lower("receiver_address"));