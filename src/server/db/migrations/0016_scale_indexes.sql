-- Hand-edited (decision 050): built CONCURRENTLY, so the big tables stay open for writes while the
-- indexes build; src/server/db/migrate.ts runs a migration like this one outside a transaction.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_location_menu_idx" ON "orders" USING btree ("location_id","menu_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_at_idx" ON "ledger_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_location_at_idx" ON "ledger_entries" USING btree ("location_id","at","id");
