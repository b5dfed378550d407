CREATE TABLE "support_threads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_id" bigint,
	"awaiting_since" timestamp with time zone,
	"operator_read_at" timestamp with time zone,
	"user_read_at" timestamp with time zone,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_threads_uid_unique" UNIQUE("uid"),
	CONSTRAINT "support_threads_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" bigint NOT NULL,
	"author" text NOT NULL,
	"operator_id" bigint,
	"text" text,
	"photo_file_id" text,
	"via" text NOT NULL,
	"context" jsonb,
	"client_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "support_saved_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"text_en" text NOT NULL,
	"text_fa" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_saved_replies_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "support_user_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"code" text,
	"request_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_assignee_id_operators_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_thread_id_support_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."support_threads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_user_errors" ADD CONSTRAINT "support_user_errors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_threads_status_idx" ON "support_threads" USING btree ("status","last_message_at");--> statement-breakpoint
CREATE INDEX "support_threads_awaiting_idx" ON "support_threads" USING btree ("awaiting_since") WHERE "support_threads"."awaiting_since" is not null;--> statement-breakpoint
CREATE INDEX "support_messages_thread_idx" ON "support_messages" USING btree ("thread_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_client_key_idx" ON "support_messages" USING btree ("thread_id","client_key");--> statement-breakpoint
CREATE INDEX "support_messages_text_trgm_idx" ON "support_messages" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_user_errors_user_idx" ON "support_user_errors" USING btree ("user_id","id");
