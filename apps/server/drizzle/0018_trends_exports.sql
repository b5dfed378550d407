CREATE INDEX "accounts_decided_idx" ON "accounts" USING btree ("validation_at","id") WHERE "accounts"."status" in ('accepted', 'rejected');--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "referral_earnings_created_idx" ON "referral_earnings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_paid_idx" ON "transactions" USING btree ("paid_at","id") WHERE "transactions"."status" = 'success';