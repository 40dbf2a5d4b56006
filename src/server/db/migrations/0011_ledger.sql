CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" integer,
	"user_id" integer,
	"location_id" integer,
	"provider_id" integer,
	"menu_id" integer,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reversal" boolean DEFAULT false NOT NULL,
	"payment_id" integer,
	"refund_id" integer,
	"reason" text,
	"actor_id" integer,
	CONSTRAINT "ledger_correction_reason" CHECK ("ledger_entries"."kind" <> 'correction' or coalesce(length("ledger_entries"."reason"), 0) > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_order_kind_uq" ON "ledger_entries" USING btree ("order_id","kind","reversal") WHERE "ledger_entries"."order_id" is not null and "ledger_entries"."kind" not in ('correction', 'lap_cash');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_refund_uq" ON "ledger_entries" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "ledger_menu_idx" ON "ledger_entries" USING btree ("menu_id","location_id");--> statement-breakpoint
-- Hand-written (decision 038): the ledger is append-only.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = '55000';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
-- Hand-written (decision 038): the entries of the orders placed before the ledger existed.
INSERT INTO "ledger_entries" ("at", "order_id", "user_id", "location_id", "provider_id", "menu_id", "kind", "amount_cents", "actor_id")
SELECT o.created_at, o.id, o.user_id, o.location_id, m.provider_id, o.menu_id, x.kind, x.amount, coalesce(o.created_by_id, o.user_id)
FROM orders o JOIN menus m ON m.id = o.menu_id,
  LATERAL (VALUES ('subsidy', o.subsidy_cents), ('bonus', o.bonus_cents),
    ('payment_cash', CASE WHEN o.payment_type = 'cash' THEN o.amount_to_pay_cents ELSE 0 END)) AS x(kind, amount)
WHERE o.status IN (1, 2) AND x.amount > 0;
--> statement-breakpoint
INSERT INTO "ledger_entries" ("at", "order_id", "user_id", "location_id", "provider_id", "menu_id", "kind", "amount_cents", "payment_id")
SELECT p.updated_at, o.id, o.user_id, o.location_id, m.provider_id, o.menu_id, 'payment_' || p.method, p.amount_cents, p.id
FROM payments p JOIN orders o ON o.id = p.order_id JOIN menus m ON m.id = o.menu_id
WHERE p.status = 'paid' AND p.amount_cents > 0;
--> statement-breakpoint
INSERT INTO "ledger_entries" ("at", "order_id", "user_id", "location_id", "provider_id", "menu_id", "kind", "amount_cents", "payment_id", "refund_id")
SELECT coalesce(r.refunded_at, r.updated_at), o.id, o.user_id, o.location_id, m.provider_id, o.menu_id, 'refund', -r.amount_cents, r.payment_id, r.id
FROM refunds r JOIN orders o ON o.id = r.order_id JOIN menus m ON m.id = o.menu_id
WHERE r.status = 'refunded';
--> statement-breakpoint
INSERT INTO "ledger_entries" ("at", "location_id", "provider_id", "menu_id", "kind", "amount_cents", "actor_id")
SELECT c.updated_at, c.location_id, m.provider_id, c.menu_id, 'lap_cash', c.amount_cents, c.created_by_id
FROM cash_balances c JOIN menus m ON m.id = c.menu_id
WHERE c.amount_cents <> 0;
