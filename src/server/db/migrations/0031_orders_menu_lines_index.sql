-- Hand-edited (decisions 050, 093): built CONCURRENTLY (orders stay open for writes), the new index
-- first, then the one it replaces (its prefix) dropped.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_menu_lines_idx" ON "orders" USING btree ("menu_id","status","id","location_id","kind");--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_menu_idx";
