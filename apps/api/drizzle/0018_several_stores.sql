-- Several stores in one installation. Each store is open or closed to customers (`active`), has
-- its state beside its city (the address fields of /addresses), and employees, appointments and
-- orders belong to one. Everything that existed before belongs to the main store, 'Loja
-- principal' (the oldest row): its employees (and so their hours), their appointments, and every
-- order (picked up or shipped from it).
INSERT INTO "stores" ("name") SELECT 'Loja principal' WHERE NOT EXISTS (SELECT 1 FROM "stores");--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "state_id" integer;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "stores" SET "state_id" = "cities"."state_id" FROM "cities" WHERE "cities"."id" = "stores"."city_id";--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_city_state_ck" CHECK (("city_id" IS NULL) = ("state_id" IS NULL));--> statement-breakpoint
-- The main store: the oldest. It is never deactivated (the service refuses it).
CREATE FUNCTION "main_store_id"() RETURNS integer LANGUAGE sql STABLE AS $$ SELECT min("id") FROM "stores" $$;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "store_id" integer DEFAULT "main_store_id"();--> statement-breakpoint
UPDATE "employees" SET "store_id" = "main_store_id"();--> statement-breakpoint
ALTER TABLE "employees" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employees_store_idx" ON "employees" USING btree ("store_id","service_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "store_id" integer DEFAULT "main_store_id"();--> statement-breakpoint
UPDATE "appointments" SET "store_id" = "employees"."store_id" FROM "employees" WHERE "employees"."id" = "appointments"."employee_id";--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_store_date_idx" ON "appointments" USING btree ("store_id","appointment_date") WHERE "appointments"."status" <> 'Cancelado';--> statement-breakpoint
-- An appointment is at the store of the employee it was booked with, whoever writes the row.
CREATE FUNCTION "appointments_store_of_employee"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "store_id" INTO NEW."store_id" FROM "employees" WHERE "id" = NEW."employee_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "appointments_store_of_employee" BEFORE INSERT ON "appointments" FOR EACH ROW EXECUTE FUNCTION "appointments_store_of_employee"();--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_id" integer DEFAULT "main_store_id"();--> statement-breakpoint
UPDATE "orders" SET "store_id" = "main_store_id"();--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_store_created_idx" ON "orders" USING btree ("store_id","created_at");
