CREATE TABLE "shipping_rates" (
	"uf" char(2) PRIMARY KEY NOT NULL,
	"price_cents" integer NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "shipping_rates_price_ck" CHECK ("shipping_rates"."price_cents" >= 0),
	CONSTRAINT "shipping_rates_days_ck" CHECK ("shipping_rates"."days" between 1 and 90)
);
--> statement-breakpoint
CREATE TABLE "shipping_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"free_above_cents" integer,
	CONSTRAINT "shipping_settings_single_ck" CHECK ("shipping_settings"."id" = 1),
	CONSTRAINT "shipping_settings_free_above_ck" CHECK ("shipping_settings"."free_above_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "district" text DEFAULT '' NOT NULL;