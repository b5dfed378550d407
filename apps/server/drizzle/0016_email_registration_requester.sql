ALTER TABLE "email_identities" ADD COLUMN "requested_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "email_identities" ADD CONSTRAINT "email_identities_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_identities_requested_by_idx" ON "email_identities" USING btree ("requested_by_user_id") WHERE "email_identities"."requested_by_user_id" is not null and "email_identities"."verified_at" is null;--> statement-breakpoint
-- An unverified registration binds nothing (issue 18): the signed-in user it named becomes the one who asked.
UPDATE "email_identities" SET "requested_by_user_id" = "user_id", "user_id" = NULL WHERE "verified_at" IS NULL AND "user_id" IS NOT NULL;--> statement-breakpoint
-- A reset is for accounts only: reset codes held by unverified registrations are dropped.
DELETE FROM "email_codes" WHERE "purpose" = 'reset' AND "identity_id" IN (SELECT "id" FROM "email_identities" WHERE "verified_at" IS NULL);
