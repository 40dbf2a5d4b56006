CREATE TABLE "forecast_menu_dishes" (
	"menu_id" integer NOT NULL,
	"dish_id" integer NOT NULL,
	"portions" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forecast_menu_dishes_menu_id_dish_id_pk" PRIMARY KEY("menu_id","dish_id")
);
--> statement-breakpoint
ALTER TABLE "forecast_menu_dishes" ADD CONSTRAINT "forecast_menu_dishes_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_menu_dishes" ADD CONSTRAINT "forecast_menu_dishes_dish_id_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."dishes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "away_days_day_idx" ON "away_days" USING btree ("day");