CREATE TABLE "ledger_day_sums" (
	"day" date NOT NULL,
	"scope" smallint NOT NULL,
	"provider_id" integer,
	"location_id" integer,
	"kind" text NOT NULL,
	"entries" integer NOT NULL,
	"cents" bigint NOT NULL,
	"rolled_to" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_rolled_up" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"through_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_day_sums_idx" ON "ledger_day_sums" USING btree ("scope","location_id","day");