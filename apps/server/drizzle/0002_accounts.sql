CREATE TABLE "accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"phone" text NOT NULL,
	"country" text NOT NULL,
	"price" bigint NOT NULL,
	"net" bigint NOT NULL,
	"limit_discount" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"check_limit_status" boolean DEFAULT true NOT NULL,
	"limit_status" text DEFAULT 'pending' NOT NULL,
	"validation_status" text DEFAULT 'pending' NOT NULL,
	"validation_at" timestamp with time zone,
	"validation_attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_token" uuid,
	"submit_type" text NOT NULL,
	"invoice_id" bigint,
	"check_single_authorization" boolean DEFAULT true NOT NULL,
	"check_2fa" boolean DEFAULT true NOT NULL,
	"check_authorization" boolean DEFAULT true NOT NULL,
	"check_connection" boolean DEFAULT true NOT NULL,
	"check_chats" boolean DEFAULT true NOT NULL,
	"check_freeze" boolean DEFAULT false NOT NULL,
	"check_send_message" boolean DEFAULT true NOT NULL,
	"check_add_contact" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"price" bigint NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_country_unique" UNIQUE("country")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"submit_type" text NOT NULL,
	"phone" text NOT NULL,
	"country" text NOT NULL,
	"provider_session" text NOT NULL,
	"state" text NOT NULL,
	"code_type" text NOT NULL,
	"next_type" text,
	"code_length" integer,
	"timeout_seconds" integer,
	"email" text,
	"email_code_length" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_flows" ADD CONSTRAINT "submission_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_phone_unique" ON "accounts" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "accounts_user_created_idx" ON "accounts" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_user_status_created_idx" ON "accounts" USING btree ("user_id","status","created_at","id") WHERE "accounts"."invoice_id" is null;--> statement-breakpoint
CREATE INDEX "accounts_phone_trgm_idx" ON "accounts" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_validation_due_idx" ON "accounts" USING btree ("validation_at") WHERE "accounts"."validation_status" in ('pending', 'review');--> statement-breakpoint
CREATE UNIQUE INDEX "submission_flows_user_purpose_unique" ON "submission_flows" USING btree ("user_id","purpose");