-- Hand-edited (decisions 050, 087): built CONCURRENTLY (the ledger stays open for writes), the new
-- index first, then the one it replaces dropped.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_menu_refund_cover_idx" ON "ledger_entries" USING btree ("menu_id","location_id","amount_cents") WHERE "ledger_entries"."kind" = 'refund';--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "ledger_menu_refund_idx";
