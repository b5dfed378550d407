-- Invites list who made them (referral_links.created_by) and who joined through them (users.referral_link_id, carried
-- through a session-less email registration); the console searches users by a case-insensitive substring of a
-- name, username or email (trigram GIN indexes; pg_trgm from 0001).
ALTER TABLE "email_identities" ADD COLUMN "referral_link_id" bigint;--> statement-breakpoint
ALTER TABLE "referral_links" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_link_id" bigint;--> statement-breakpoint
ALTER TABLE "email_identities" ADD CONSTRAINT "email_identities_referral_link_id_referral_links_id_fk" FOREIGN KEY ("referral_link_id") REFERENCES "public"."referral_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referral_link_id_referral_links_id_fk" FOREIGN KEY ("referral_link_id") REFERENCES "public"."referral_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_identities_email_trgm_idx" ON "email_identities" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_referral_link_id_idx" ON "users" USING btree ("referral_link_id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops,"last_name" gin_trgm_ops,"username" gin_trgm_ops) WITH (fastupdate=false);