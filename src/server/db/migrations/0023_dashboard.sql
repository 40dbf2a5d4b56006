-- Hand-edited (decisions 050, 063): the ledger's refund index is built CONCURRENTLY, so the ledger
-- stays open for writes while it builds (src/server/db/migrate.ts runs this outside a transaction).
CREATE TABLE "dashboard_menu_sums" (
	"menu_id" integer PRIMARY KEY NOT NULL,
	"statuses" text NOT NULL,
	"portions" jsonb NOT NULL,
	"money" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_menu_sums" ADD CONSTRAINT "dashboard_menu_sums_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ledger_menu_refund_idx" ON "ledger_entries" USING btree ("menu_id") WHERE "ledger_entries"."kind" = 'refund';