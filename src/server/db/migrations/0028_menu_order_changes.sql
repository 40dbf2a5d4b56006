-- Hand-edited (decision 087): the dashboard's kept sums of a closed menu are proven current by a
-- change count instead of counting the menu's orders per status on every read.
ALTER TABLE "dashboard_menu_sums" DROP COLUMN "statuses";--> statement-breakpoint
CREATE TABLE "menu_order_changes" (
	"menu_id" integer PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_menu_sums" ADD COLUMN "changes" bigint DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_order_changes" ADD CONSTRAINT "menu_order_changes_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Counts a change of a menu's orders once its deadline has passed (the transaction's start, as
-- every deadline check); an open menu's orders are summed live, so nothing is written for them.
CREATE FUNCTION menu_order_changed(menu integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF menu IS NOT NULL AND EXISTS (SELECT 1 FROM menus WHERE id = menu AND "to" <= now()) THEN
    INSERT INTO menu_order_changes AS c (menu_id, changes) VALUES (menu, 1)
      ON CONFLICT (menu_id) DO UPDATE SET changes = c.changes + 1;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION orders_menu_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM menu_order_changed(OLD.menu_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.menu_id IS DISTINCT FROM OLD.menu_id) THEN
    PERFORM menu_order_changed(NEW.menu_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_menu_changed_ins_del AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_menu_changed();
--> statement-breakpoint
-- Only a change of what the dashboard sums (status, stock held, money, location, menu).
CREATE TRIGGER orders_menu_changed_upd AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.menu_id, OLD.status, OLD.stock_released, OLD.location_id, OLD.payment_type, OLD.amount_cents,
         OLD.amount_to_pay_cents, OLD.subsidy_cents, OLD.bonus_cents)
    IS DISTINCT FROM (NEW.menu_id, NEW.status, NEW.stock_released, NEW.location_id, NEW.payment_type, NEW.amount_cents,
         NEW.amount_to_pay_cents, NEW.subsidy_cents, NEW.bonus_cents))
  EXECUTE FUNCTION orders_menu_changed();
--> statement-breakpoint
-- A line or a chosen option changed or removed (a withdrawn dish's substitute, its refund). Lines
-- are added with their order (its insert counts), so adding one is not watched.
CREATE FUNCTION order_lines_menu_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'order_items' THEN
    PERFORM menu_order_changed((SELECT menu_id FROM orders WHERE id = OLD.order_id));
  ELSE
    PERFORM menu_order_changed((SELECT o.menu_id FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.id = OLD.order_item_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_items_menu_changed AFTER UPDATE OR DELETE ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_lines_menu_changed();
--> statement-breakpoint
CREATE TRIGGER order_item_options_menu_changed AFTER UPDATE OR DELETE ON order_item_options
  FOR EACH ROW EXECUTE FUNCTION order_lines_menu_changed();
--> statement-breakpoint
-- A refund of one of its orders (the ledger is append-only: inserts are all there is).
CREATE FUNCTION ledger_refund_menu_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM menu_order_changed(NEW.menu_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_refund_menu_changed AFTER INSERT ON ledger_entries FOR EACH ROW
  WHEN (NEW.kind = 'refund') EXECUTE FUNCTION ledger_refund_menu_changed();
--> statement-breakpoint
-- A deadline moved (a menu reopened or closed early): its kept sums are summed again.
CREATE FUNCTION menus_deadline_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO menu_order_changes AS c (menu_id, changes) VALUES (NEW.id, 1)
    ON CONFLICT (menu_id) DO UPDATE SET changes = c.changes + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER menus_deadline_changed AFTER UPDATE OF "to" ON menus FOR EACH ROW
  WHEN (OLD."to" IS DISTINCT FROM NEW."to") EXECUTE FUNCTION menus_deadline_changed();
