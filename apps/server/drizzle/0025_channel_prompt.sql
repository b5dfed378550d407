ALTER TABLE "users" ADD COLUMN "channel_prompted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "channel_join_pressed_at" timestamp with time zone;