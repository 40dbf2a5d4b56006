CREATE TABLE "kds_bumps" (
	"menu_id" integer NOT NULL,
	"ticket_key" text NOT NULL,
	"bumped_at" timestamp with time zone NOT NULL,
	"bumped_by_id" integer,
	"recalled_at" timestamp with time zone,
	CONSTRAINT "kds_bumps_menu_id_ticket_key_pk" PRIMARY KEY("menu_id","ticket_key")
);
--> statement-breakpoint
ALTER TABLE "kds_bumps" ADD CONSTRAINT "kds_bumps_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kds_bumps" ADD CONSTRAINT "kds_bumps_bumped_by_id_users_id_fk" FOREIGN KEY ("bumped_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kds_bumps_menu_bumped_idx" ON "kds_bumps" USING btree ("menu_id","bumped_at");