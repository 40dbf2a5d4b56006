-- Hand-edited (decision 053): the lines of an order with the columns the day's counts read, so the
-- kitchen display counts a menu's lines by index-only scans per order instead of reading the whole
-- order_items table (whose size grows with history). Built CONCURRENTLY before the old indexes go,
-- so the big tables stay open for writes and every read has an index throughout.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "order_items_order_lines_idx" ON "order_items" USING btree ("order_id","dish_id","qty","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "order_item_options_item_dish_idx" ON "order_item_options" USING btree ("order_item_id","id","dish_id");--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "order_items_order_idx";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "order_item_options_item_idx";
