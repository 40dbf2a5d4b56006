ALTER TABLE "providers" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "country" text DEFAULT 'LV' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "country" text DEFAULT 'LV' NOT NULL;--> statement-breakpoint
-- Addresses typed on one line as "street, city, LV-1234" are split into their parts; any other
-- line stays whole as the street line (city and post code empty, country LV).
UPDATE "providers" SET "address" = btrim((regexp_match("address", '^(.+),([^,]+),\s*(LV-\d{4})\s*$', 'i'))[1]), "city" = btrim((regexp_match("address", '^(.+),([^,]+),\s*(LV-\d{4})\s*$', 'i'))[2]), "postal_code" = upper((regexp_match("address", '^(.+),([^,]+),\s*(LV-\d{4})\s*$', 'i'))[3]) WHERE "address" ~* '^(.+),([^,]+),\s*(LV-\d{4})\s*$';--> statement-breakpoint
UPDATE "locations" SET "address" = btrim((regexp_match("address", '^(.+),([^,]+),\s*(LV-\d{4})\s*$', 'i'))[1]), "city" = btrim((regexp_match("address", '^(.+),([^,]+),\s*(LV-\d{4})\s*$', 'i'))[2]), "postal_code" = upper((regexp_match("address", '^(.+),([^,]+),\s*(LV-\d{4})\s*$', 'i'))[3]) WHERE "address" ~* '^(.+),([^,]+),\s*(LV-\d{4})\s*$';
