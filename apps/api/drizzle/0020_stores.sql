-- The shop and its opening hours: one source of truth for the hours customers can book (an
-- employee's hours are served only inside the store's). A fresh install has one store, open
-- Monday to Saturday 08:00–18:00, as the slots were before.
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cep" char(8),
	"street" text,
	"number" text,
	"district" text,
	"city_id" integer,
	"phone" text,
	"pickup" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_hours" (
	"store_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" char(5) NOT NULL,
	"end_time" char(5) NOT NULL,
	CONSTRAINT "store_hours_pk" PRIMARY KEY("store_id","weekday"),
	CONSTRAINT "store_hours_weekday_ck" CHECK ("store_hours"."weekday" between 0 and 6),
	CONSTRAINT "store_hours_start_ck" CHECK ("store_hours"."start_time" ~ '^([01][0-9]|2[0-3]):[03]0$'),
	CONSTRAINT "store_hours_end_ck" CHECK ("store_hours"."end_time" ~ '^(([01][0-9]|2[0-3]):[03]0|24:00)$'),
	CONSTRAINT "store_hours_order_ck" CHECK ("store_hours"."start_time" < "store_hours"."end_time")
);
--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_hours" ADD CONSTRAINT "store_hours_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "stores" ("name") VALUES ('Loja principal');--> statement-breakpoint
INSERT INTO "store_hours" ("store_id", "weekday", "start_time", "end_time")
SELECT (SELECT min("id") FROM "stores"), d, '08:00', '18:00' FROM generate_series(1, 6) AS d;
