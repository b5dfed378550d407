CREATE TABLE "referral_earnings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"referrer_user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"share_basis_points" integer NOT NULL,
	"invoice_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_earnings_account_unique" ON "referral_earnings" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "referral_earnings_referrer_idx" ON "referral_earnings" USING btree ("referrer_user_id","invoice_id");--> statement-breakpoint
CREATE INDEX "referral_earnings_invoice_idx" ON "referral_earnings" USING btree ("invoice_id") WHERE "referral_earnings"."invoice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_links_one_live_per_user" ON "referral_links" USING btree ("user_id") WHERE "referral_links"."revoked_at" is null and "referral_links"."user_id" is not null;