-- Hand-edited (decisions 050, 087): built CONCURRENTLY, so refunds stay open for writes.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "refunds_payment_idx" ON "refunds" USING btree ("payment_id");
