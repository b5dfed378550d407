CREATE TABLE "bot_chats" (
	"telegram_id" bigint PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone,
	"write_allowed_at" timestamp with time zone,
	"blocked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"user_id" bigint,
	"kind" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_token" uuid,
	"last_error" text,
	"message_id" bigint,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_outbox_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD CONSTRAINT "bot_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_outbox_due_idx" ON "bot_outbox" USING btree ("next_attempt_at") WHERE "bot_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "bot_outbox_chat_idx" ON "bot_outbox" USING btree ("chat_id","sent_at");