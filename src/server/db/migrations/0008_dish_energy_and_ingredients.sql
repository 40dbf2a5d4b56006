ALTER TABLE "dishes" ADD COLUMN "kcal" integer;--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "ingredients" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dishes" ADD CONSTRAINT "dishes_kcal_range" CHECK ("dishes"."kcal" is null or "dishes"."kcal" between 0 and 10000);