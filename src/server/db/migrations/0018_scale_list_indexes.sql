-- Hand-edited (decisions 050, 054): built CONCURRENTLY, so users and the ledger stay open for
-- writes while the indexes build (src/server/db/migrate.ts runs it outside a transaction).
-- pg_trgm (PostgreSQL's contrib, a trusted extension) gives the trigram indexes of the users search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "users_name_idx" ON "users" USING btree (lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_at_provider_idx" ON "ledger_entries" USING btree ("at","id","provider_id");--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "ledger_at_idx";
