CREATE TABLE "leftovers" (
	"menu_id" integer NOT NULL,
	"dish_id" integer NOT NULL,
	"portions" integer NOT NULL,
	"recorded_by_id" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leftovers_menu_id_dish_id_pk" PRIMARY KEY("menu_id","dish_id"),
	CONSTRAINT "leftovers_portions_range" CHECK ("leftovers"."portions" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "waste_co2e_grams_per_kg" integer DEFAULT 2500 NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "waste_co2e_source" text DEFAULT 'FAO (2013), Food wastage footprint: 2.5 kg CO2e per kg' NOT NULL;--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "portion_grams" integer;--> statement-breakpoint
ALTER TABLE "leftovers" ADD CONSTRAINT "leftovers_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leftovers" ADD CONSTRAINT "leftovers_dish_id_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."dishes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leftovers" ADD CONSTRAINT "leftovers_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leftovers_dish_idx" ON "leftovers" USING btree ("dish_id");--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_waste_co2e_range" CHECK ("providers"."waste_co2e_grams_per_kg" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "dishes" ADD CONSTRAINT "dishes_portion_grams_range" CHECK ("dishes"."portion_grams" is null or "dishes"."portion_grams" between 1 and 5000);