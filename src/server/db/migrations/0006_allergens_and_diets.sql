ALTER TABLE "users" ADD COLUMN "avoided_allergens" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "diets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "allergens_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "diets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "allergen_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "allergen_warnings" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
-- Hand-written (issue 15): the 14 allergens of Regulation (EU) 1169/2011, Annex II, are reference data every
-- installation needs (the spec has no page to manage them); the demo seed no longer adds them.
INSERT INTO "allergens" ("code", "title", "position") VALUES
  ('gluten', '{"lv": "Graudaugi, kas satur lipekli", "en": "Cereals containing gluten", "ru": "Злаки, содержащие глютен"}'::jsonb, 1),
  ('crustaceans', '{"lv": "Vēžveidīgie", "en": "Crustaceans", "ru": "Ракообразные"}'::jsonb, 2),
  ('eggs', '{"lv": "Olas", "en": "Eggs", "ru": "Яйца"}'::jsonb, 3),
  ('fish', '{"lv": "Zivis", "en": "Fish", "ru": "Рыба"}'::jsonb, 4),
  ('peanuts', '{"lv": "Zemesrieksti", "en": "Peanuts", "ru": "Арахис"}'::jsonb, 5),
  ('soybeans', '{"lv": "Sojas pupas", "en": "Soybeans", "ru": "Соевые бобы"}'::jsonb, 6),
  ('milk', '{"lv": "Piens", "en": "Milk", "ru": "Молоко"}'::jsonb, 7),
  ('nuts', '{"lv": "Rieksti", "en": "Nuts", "ru": "Орехи"}'::jsonb, 8),
  ('celery', '{"lv": "Selerijas", "en": "Celery", "ru": "Сельдерей"}'::jsonb, 9),
  ('mustard', '{"lv": "Sinepes", "en": "Mustard", "ru": "Горчица"}'::jsonb, 10),
  ('sesame', '{"lv": "Sezama sēklas", "en": "Sesame seeds", "ru": "Семена кунжута"}'::jsonb, 11),
  ('sulphites', '{"lv": "Sēra dioksīds un sulfīti", "en": "Sulphur dioxide and sulphites", "ru": "Диоксид серы и сульфиты"}'::jsonb, 12),
  ('lupin', '{"lv": "Lupīna", "en": "Lupin", "ru": "Люпин"}'::jsonb, 13),
  ('molluscs', '{"lv": "Gliemji", "en": "Molluscs", "ru": "Моллюски"}'::jsonb, 14)
ON CONFLICT ("code") DO NOTHING;