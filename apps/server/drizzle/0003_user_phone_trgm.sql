-- Phone search per user: the trigram index was global (every user's phones), so a search's cost grew with
-- the whole table before the user_id filter dropped other users' rows. btree_gin lets user_id sit in the
-- same GIN index as the trigrams. fastupdate off: no pending list for every search to read in full.
-- PGlite loads btree_gin from @electric-sql/pglite/contrib/btree_gin; PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "accounts_user_phone_trgm_idx" ON "accounts" USING gin ("user_id","phone" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
DROP INDEX "accounts_phone_trgm_idx";
