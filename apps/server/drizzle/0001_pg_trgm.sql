-- Trigram indexes serve substring search on phone numbers (later issues).
-- PGlite loads the extension from @electric-sql/pglite/contrib/pg_trgm; PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
