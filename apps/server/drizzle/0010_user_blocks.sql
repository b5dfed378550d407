CREATE TABLE "user_blocks" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"blocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
-- By hand: the schema file cannot name users (schema.ts re-exports operators-schema.ts, an import cycle).
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id");
