CREATE TABLE "bot_updates" (
	"bot_id" bigint NOT NULL,
	"update_id" bigint NOT NULL,
	"handled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bot_updates_bot_id_update_id_pk" PRIMARY KEY("bot_id","update_id")
);
--> statement-breakpoint
CREATE INDEX "bot_updates_handled_at_idx" ON "bot_updates" USING btree ("handled_at");