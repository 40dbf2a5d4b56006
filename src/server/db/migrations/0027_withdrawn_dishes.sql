CREATE TABLE "dish_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL,
	"dish_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"mode" text NOT NULL,
	"substitute_dish_id" integer,
	"announcement_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dish_withdrawals_mode_valid" CHECK ("dish_withdrawals"."mode" in ('refund', 'substitute')),
	CONSTRAINT "dish_withdrawals_substitute" CHECK (("dish_withdrawals"."mode" = 'substitute') = ("dish_withdrawals"."substitute_dish_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "withdrawn_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"item_ids" integer[] NOT NULL,
	"qty" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"subsidy_cents" integer DEFAULT 0 NOT NULL,
	"budget_cents" integer DEFAULT 0 NOT NULL,
	"bonus_cents" integer DEFAULT 0 NOT NULL,
	"company_cents" integer DEFAULT 0 NOT NULL,
	"cash_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"refund_id" integer,
	"chosen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawn_orders_status_valid" CHECK ("withdrawn_orders"."status" in ('refunded', 'cancelled', 'substituted', 'kept'))
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_payment_id_unique";--> statement-breakpoint
DROP INDEX "ledger_order_kind_uq";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "withdrawal_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "withdrawal_id" integer;--> statement-breakpoint
ALTER TABLE "dish_withdrawals" ADD CONSTRAINT "dish_withdrawals_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_withdrawals" ADD CONSTRAINT "dish_withdrawals_dish_id_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."dishes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_withdrawals" ADD CONSTRAINT "dish_withdrawals_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_withdrawals" ADD CONSTRAINT "dish_withdrawals_substitute_dish_id_dishes_id_fk" FOREIGN KEY ("substitute_dish_id") REFERENCES "public"."dishes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_withdrawals" ADD CONSTRAINT "dish_withdrawals_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawn_orders" ADD CONSTRAINT "withdrawn_orders_withdrawal_id_dish_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."dish_withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawn_orders" ADD CONSTRAINT "withdrawn_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawn_orders" ADD CONSTRAINT "withdrawn_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dish_withdrawals_menu_dish_uq" ON "dish_withdrawals" USING btree ("menu_id","dish_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawn_orders_withdrawal_order_uq" ON "withdrawn_orders" USING btree ("withdrawal_id","order_id");--> statement-breakpoint
CREATE INDEX "withdrawn_orders_order_idx" ON "withdrawn_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_uq" ON "refunds" USING btree ("payment_id") WHERE "refunds"."withdrawal_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_withdrawal_order_uq" ON "refunds" USING btree ("withdrawal_id","order_id") WHERE "refunds"."withdrawal_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_withdrawal_uq" ON "ledger_entries" USING btree ("withdrawal_id","order_id","kind") WHERE "ledger_entries"."withdrawal_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_order_kind_uq" ON "ledger_entries" USING btree ("order_id","kind","reversal") WHERE "ledger_entries"."order_id" is not null and "ledger_entries"."kind" not in ('correction', 'lap_cash', 'refund') and "ledger_entries"."withdrawal_id" is null;