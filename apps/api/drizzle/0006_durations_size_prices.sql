-- Services last 30, 60, 90 or 120 minutes and cost by pet size. A duration entered before is
-- rounded up to the next allowed one (at most 120); every size starts at today's price.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_duration_ck";--> statement-breakpoint
UPDATE "services" SET "duration_minutes" = least(120, greatest(30, ceil("duration_minutes" / 30.0)::int * 30));--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "price_small_cents" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "price_medium_cents" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "price_large_cents" integer;--> statement-breakpoint
UPDATE "services" SET "price_small_cents" = "price_cents", "price_medium_cents" = "price_cents", "price_large_cents" = "price_cents";--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "price_small_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "price_medium_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "price_large_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_size_prices_ck" CHECK (least("services"."price_small_cents", "services"."price_medium_cents", "services"."price_large_cents") >= 0 and "services"."price_cents" = least("services"."price_small_cents", "services"."price_medium_cents", "services"."price_large_cents"));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_duration_ck" CHECK ("services"."duration_minutes" in (30, 60, 90, 120));--> statement-breakpoint
-- Appointments booked so far took one 30-minute slot at the service's single price.
ALTER TABLE "appointments" ADD COLUMN "duration_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "price_cents" integer;--> statement-breakpoint
UPDATE "appointments" a SET "price_cents" = s."price_cents" FROM "services" s WHERE s."id" = a."service_id";--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "during" "tsrange" GENERATED ALWAYS AS (tsrange(appointment_date + make_time(substr(appointment_time, 1, 2)::int, substr(appointment_time, 4, 2)::int, 0), appointment_date + make_time(substr(appointment_time, 1, 2)::int, substr(appointment_time, 4, 2)::int, 0) + make_interval(mins => duration_minutes))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_duration_ck" CHECK ("appointments"."duration_minutes" in (30, 60, 90, 120));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_price_ck" CHECK ("appointments"."price_cents" >= 0);--> statement-breakpoint
-- The slot unique indexes become overlap exclusions: they decide under concurrency.
DROP INDEX "appointments_employee_slot_uq";--> statement-breakpoint
DROP INDEX "appointments_pet_slot_uq";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_employee_overlap_ex" EXCLUDE USING gist ("employee_id" WITH =, "during" WITH &&) WHERE ("status" = 'ativo');--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_pet_overlap_ex" EXCLUDE USING gist ("pet_id" WITH =, "during" WITH &&) WHERE ("status" = 'ativo');
