CREATE TABLE "away_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"location_id" integer,
	"day" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "away_days_user_day_uq" UNIQUE("user_id","day"),
	CONSTRAINT "away_days_location_day_uq" UNIQUE("location_id","day"),
	CONSTRAINT "away_days_one_owner" CHECK (("away_days"."user_id" is null) <> ("away_days"."location_id" is null))
);
--> statement-breakpoint
CREATE TABLE "standing_order_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"standing_order_id" integer,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"menu_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_order_runs_user_day_uq" UNIQUE("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "standing_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"dish_id" integer NOT NULL,
	"complex" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"qty" smallint NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"ends_on" date,
	"skip_dates" date[] DEFAULT '{}'::date[] NOT NULL,
	"payment_type" text NOT NULL,
	"bank_code" text,
	"shift_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_orders_qty_pos" CHECK ("standing_orders"."qty" > 0)
);
--> statement-breakpoint
ALTER TABLE "away_days" ADD CONSTRAINT "away_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "away_days" ADD CONSTRAINT "away_days_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "away_days" ADD CONSTRAINT "away_days_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_dish_id_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."dishes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standing_order_runs_standing_idx" ON "standing_order_runs" USING btree ("standing_order_id","day");--> statement-breakpoint
CREATE INDEX "standing_orders_provider_idx" ON "standing_orders" USING btree ("provider_id","active");--> statement-breakpoint
CREATE INDEX "standing_orders_user_idx" ON "standing_orders" USING btree ("user_id");