-- Trigram indexes make the ILIKE '%…%' searches of lists use an index (trusted extension since PostgreSQL 13).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
