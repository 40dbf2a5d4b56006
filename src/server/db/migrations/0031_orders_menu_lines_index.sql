-- Hand-edited (decisions 050, 093): built CONCURRENTLY (orders stay open for writes), the new indexes
-- first, then the one orders_menu_lines_idx replaces (its prefix) dropped. The statistics on
-- cardinality(allergen_warnings) give the planner the share of flagged orders (about 2 %; it guessed
-- a third and read all of order_items for the allergen alerts); CREATE STATISTICS does not block
-- writes, ANALYZE reads a sample.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_menu_lines_idx" ON "orders" USING btree ("menu_id","status","id","location_id","kind");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_allergen_menu_idx" ON "orders" USING btree ("menu_id","status") WHERE cardinality("orders"."allergen_warnings") > 0;--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "orders_menu_idx";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "orders_allergen_flag_stats" ON (cardinality("allergen_warnings")) FROM "orders";
