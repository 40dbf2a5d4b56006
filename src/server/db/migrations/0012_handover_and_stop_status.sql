CREATE TABLE "lap_stop_statuses" (
	"menu_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by_id" integer,
	"delivered_at" timestamp with time zone,
	"delivered_by_id" integer,
	"notice_sent_at" timestamp with time zone,
	CONSTRAINT "lap_stop_statuses_menu_id_location_id_pk" PRIMARY KEY("menu_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "portion_handovers" (
	"item_id" integer NOT NULL,
	"unit" integer NOT NULL,
	"order_id" integer NOT NULL,
	"handed_over_at" timestamp with time zone NOT NULL,
	"handed_over_by_id" integer,
	CONSTRAINT "portion_handovers_item_id_unit_pk" PRIMARY KEY("item_id","unit")
);
--> statement-breakpoint
ALTER TABLE "lap_stop_statuses" ADD CONSTRAINT "lap_stop_statuses_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lap_stop_statuses" ADD CONSTRAINT "lap_stop_statuses_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lap_stop_statuses" ADD CONSTRAINT "lap_stop_statuses_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lap_stop_statuses" ADD CONSTRAINT "lap_stop_statuses_delivered_by_id_users_id_fk" FOREIGN KEY ("delivered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portion_handovers" ADD CONSTRAINT "portion_handovers_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portion_handovers" ADD CONSTRAINT "portion_handovers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portion_handovers" ADD CONSTRAINT "portion_handovers_handed_over_by_id_users_id_fk" FOREIGN KEY ("handed_over_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portion_handovers_order_idx" ON "portion_handovers" USING btree ("order_id");