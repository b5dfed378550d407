CREATE TABLE "email_registrations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"identity_id" bigint NOT NULL,
	"password_hash" text NOT NULL,
	"requested_by_user_id" bigint,
	"referrer_user_id" bigint,
	"referral_link_id" bigint,
	"language_code" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_identities" DROP CONSTRAINT "email_identities_requested_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "email_identities" DROP CONSTRAINT "email_identities_referrer_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "email_identities" DROP CONSTRAINT "email_identities_referral_link_id_referral_links_id_fk";
--> statement-breakpoint
DROP INDEX "email_identities_requested_by_idx";--> statement-breakpoint
ALTER TABLE "email_identities" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_registrations" ADD CONSTRAINT "email_registrations_identity_id_email_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."email_identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_registrations" ADD CONSTRAINT "email_registrations_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_registrations" ADD CONSTRAINT "email_registrations_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_registrations" ADD CONSTRAINT "email_registrations_referral_link_id_referral_links_id_fk" FOREIGN KEY ("referral_link_id") REFERENCES "public"."referral_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_registrations_identity_idx" ON "email_registrations" USING btree ("identity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_registrations_identity_user_unique" ON "email_registrations" USING btree ("identity_id","requested_by_user_id") WHERE "email_registrations"."requested_by_user_id" is not null;--> statement-breakpoint
CREATE INDEX "email_registrations_requested_by_idx" ON "email_registrations" USING btree ("requested_by_user_id") WHERE "email_registrations"."requested_by_user_id" is not null;--> statement-breakpoint
-- Registrations waiting for their code move to their own table (issue 37): the mailbox keeps no password until proven.
INSERT INTO "email_registrations" ("identity_id", "password_hash", "requested_by_user_id", "referrer_user_id", "referral_link_id", "language_code", "created_at")
  SELECT "id", "password_hash", "requested_by_user_id", "referrer_user_id", "referral_link_id", "language_code", "updated_at"
  FROM "email_identities" WHERE "verified_at" IS NULL;--> statement-breakpoint
UPDATE "email_identities" SET "password_hash" = NULL WHERE "verified_at" IS NULL;--> statement-breakpoint
ALTER TABLE "email_identities" DROP COLUMN "requested_by_user_id";--> statement-breakpoint
ALTER TABLE "email_identities" DROP COLUMN "referrer_user_id";--> statement-breakpoint
ALTER TABLE "email_identities" DROP COLUMN "referral_link_id";