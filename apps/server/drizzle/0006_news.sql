CREATE TABLE "news" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title_en" text NOT NULL,
	"body_en" text NOT NULL,
	"title_fa" text,
	"body_fa" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_uid_unique" UNIQUE("uid"),
	CONSTRAINT "news_fa_pair" CHECK (("news"."title_fa" is null) = ("news"."body_fa" is null))
);
--> statement-breakpoint
CREATE TABLE "news_seen" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"seen_up_to" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_seen" ADD CONSTRAINT "news_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at","id");