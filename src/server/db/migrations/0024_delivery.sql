CREATE TABLE "dish_traces" (
	"dish_id" integer NOT NULL,
	"allergen_id" integer NOT NULL,
	CONSTRAINT "dish_traces_dish_id_allergen_id_pk" PRIMARY KEY("dish_id","allergen_id")
);
--> statement-breakpoint
CREATE TABLE "driver_taps" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" integer NOT NULL,
	"result" jsonb,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lap_runs" (
	"lap_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	"departs_at" timestamp with time zone,
	"driver_id" integer,
	"departed_at" timestamp with time zone,
	"departed_by_id" integer,
	"late_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lap_runs_lap_id_menu_id_pk" PRIMARY KEY("lap_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "order_notices" (
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_notices_order_id_kind_channel_key_pk" PRIMARY KEY("order_id","kind","channel","key")
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "departs_at" time;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "stop_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "window_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_on_the_way" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "shelf_life_hours" integer;--> statement-breakpoint
ALTER TABLE "lap_locations" ADD COLUMN "travel_minutes" integer;--> statement-breakpoint
ALTER TABLE "lap_stop_statuses" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lap_stop_statuses" ADD COLUMN "estimate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lap_stop_statuses" ADD COLUMN "promised_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lap_stop_statuses" ADD COLUMN "promised_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lap_stop_statuses" ADD COLUMN "late_minutes" integer;--> statement-breakpoint
ALTER TABLE "dish_traces" ADD CONSTRAINT "dish_traces_dish_id_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."dishes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_traces" ADD CONSTRAINT "dish_traces_allergen_id_allergens_id_fk" FOREIGN KEY ("allergen_id") REFERENCES "public"."allergens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_taps" ADD CONSTRAINT "driver_taps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lap_runs" ADD CONSTRAINT "lap_runs_lap_id_laps_id_fk" FOREIGN KEY ("lap_id") REFERENCES "public"."laps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lap_runs" ADD CONSTRAINT "lap_runs_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lap_runs" ADD CONSTRAINT "lap_runs_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lap_runs" ADD CONSTRAINT "lap_runs_departed_by_id_users_id_fk" FOREIGN KEY ("departed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notices" ADD CONSTRAINT "order_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_taps_applied_idx" ON "driver_taps" USING btree ("applied_at");--> statement-breakpoint
CREATE INDEX "lap_runs_menu_idx" ON "lap_runs" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "lap_runs_driver_idx" ON "lap_runs" USING btree ("driver_id");--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_stop_minutes_range" CHECK ("providers"."stop_minutes" between 0 and 240);--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_window_minutes_range" CHECK ("providers"."window_minutes" between 5 and 240);--> statement-breakpoint
ALTER TABLE "dishes" ADD CONSTRAINT "dishes_shelf_life_hours_range" CHECK ("dishes"."shelf_life_hours" is null or "dishes"."shelf_life_hours" between 1 and 720);--> statement-breakpoint
ALTER TABLE "lap_locations" ADD CONSTRAINT "lap_locations_travel_minutes_range" CHECK ("lap_locations"."travel_minutes" is null or "lap_locations"."travel_minutes" between 0 and 240);