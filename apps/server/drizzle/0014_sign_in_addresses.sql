CREATE TABLE "sign_in_addresses" (
	"subject" text NOT NULL,
	"address" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_addresses_subject_address_pk" PRIMARY KEY("subject","address")
);
--> statement-breakpoint
CREATE INDEX "sign_in_addresses_last_success_idx" ON "sign_in_addresses" USING btree ("last_success_at");