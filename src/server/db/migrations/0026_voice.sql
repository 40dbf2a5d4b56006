CREATE TABLE "announcement_deliveries" (
	"announcement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"outbox_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_deliveries_announcement_id_user_id_channel_pk" PRIMARY KEY("announcement_id","user_id","channel")
);
--> statement-breakpoint
CREATE TABLE "announcement_recipients" (
	"announcement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seen_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "announcement_recipients_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'announcement' NOT NULL,
	"provider_id" integer,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"audience" jsonb NOT NULL,
	"channels" text[] DEFAULT '{banner}'::text[] NOT NULL,
	"send_at" timestamp with time zone,
	"banner_until" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"subject" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_id" integer,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_kind_valid" CHECK ("announcements"."kind" in ('announcement', 'delivery-problem', 'dish-withdrawn')),
	CONSTRAINT "announcements_status_valid" CHECK ("announcements"."status" in ('draft', 'scheduled', 'sending', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "dish_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"dish_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	"provider_id" integer,
	"stars" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"answered_by_id" integer,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dish_ratings_stars_range" CHECK ("dish_ratings"."stars" between 1 and 5),
	CONSTRAINT "dish_ratings_comment_len" CHECK (char_length("dish_ratings"."comment") <= 500),
	CONSTRAINT "dish_ratings_answer_len" CHECK (char_length("dish_ratings"."answer") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "rating_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcement_deliveries" ADD CONSTRAINT "announcement_deliveries_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_deliveries" ADD CONSTRAINT "announcement_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_ratings" ADD CONSTRAINT "dish_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_ratings" ADD CONSTRAINT "dish_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_ratings" ADD CONSTRAINT "dish_ratings_dish_id_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."dishes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_ratings" ADD CONSTRAINT "dish_ratings_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_ratings" ADD CONSTRAINT "dish_ratings_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_ratings" ADD CONSTRAINT "dish_ratings_answered_by_id_users_id_fk" FOREIGN KEY ("answered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_links" ADD CONSTRAINT "rating_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_deliveries_outbox_idx" ON "announcement_deliveries" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "announcement_recipients_user_idx" ON "announcement_recipients" USING btree ("user_id","announcement_id");--> statement-breakpoint
CREATE INDEX "announcements_due_idx" ON "announcements" USING btree ("status","send_at");--> statement-breakpoint
CREATE INDEX "announcements_provider_idx" ON "announcements" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dish_ratings_order_dish_uq" ON "dish_ratings" USING btree ("order_id","dish_id");--> statement-breakpoint
CREATE INDEX "dish_ratings_dish_idx" ON "dish_ratings" USING btree ("dish_id","created_at");--> statement-breakpoint
CREATE INDEX "dish_ratings_menu_idx" ON "dish_ratings" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "dish_ratings_provider_idx" ON "dish_ratings" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "dish_ratings_user_idx" ON "dish_ratings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "rating_links_order_idx" ON "rating_links" USING btree ("order_id");