-- Issue 29, the employer's controls (decision 073). On orders (millions of rows at a big caterer) the
-- foreign key and checks are added NOT VALID: no scan under lock; existing rows hold the defaults.
CREATE TABLE "cost_centres" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_registration" text NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_centres_company_set" CHECK (length("cost_centres"."company_registration") > 0)
);
--> statement-breakpoint
CREATE TABLE "location_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"group_id" integer,
	"period" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"cap_cents" integer,
	"blocking" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_rules_period_valid" CHECK ("budget_rules"."period" in ('day', 'week', 'month')),
	CONSTRAINT "budget_rules_amount_pos" CHECK ("budget_rules"."amount_cents" > 0),
	CONSTRAINT "budget_rules_cap_pos" CHECK ("budget_rules"."cap_cents" is null or "budget_rules"."cap_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "visitor_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"menu_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"guest_name" text DEFAULT '' NOT NULL,
	"cost_centre_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "meeting_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cost_centre_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "guest_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "budget_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'own' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cost_centre_id" integer;--> statement-breakpoint
ALTER TABLE "location_groups" ADD CONSTRAINT "location_groups_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_rules" ADD CONSTRAINT "budget_rules_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_rules" ADD CONSTRAINT "budget_rules_group_id_location_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."location_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_links" ADD CONSTRAINT "visitor_links_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_links" ADD CONSTRAINT "visitor_links_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_links" ADD CONSTRAINT "visitor_links_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_links" ADD CONSTRAINT "visitor_links_cost_centre_id_cost_centres_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centres"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centres_code_uq" ON "cost_centres" USING btree ("company_registration",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "location_groups_title_uq" ON "location_groups" USING btree ("location_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "budget_rules_scope_uq" ON "budget_rules" USING btree ("location_id",coalesce("group_id", 0));--> statement-breakpoint
CREATE INDEX "visitor_links_host_idx" ON "visitor_links" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "visitor_links_menu_idx" ON "visitor_links" USING btree ("menu_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_group_id_location_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."location_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cost_centre_id_cost_centres_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centres"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cost_centre_id_cost_centres_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centres"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_meeting_limit_pos" CHECK ("locations"."meeting_limit_cents" is null or "locations"."meeting_limit_cents" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_budget_nonneg" CHECK ("orders"."budget_cents" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_valid" CHECK ("orders"."kind" in ('own', 'meeting', 'guest')) NOT VALID;