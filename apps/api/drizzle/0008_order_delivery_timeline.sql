-- Delivery or pickup: an order keeps its delivery method, the fee it paid (part of its total) and,
-- for delivery, the whole address as it was at checkout. Pickup orders have no address.
ALTER TABLE "orders" ADD COLUMN "delivery_method" text DEFAULT 'Entrega' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_street" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_district" text;--> statement-breakpoint
-- Older orders were all delivered to an address saved without street and district.
UPDATE "orders" SET "address_street" = '', "address_district" = '';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "address_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "address_complement" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "address_complement" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "address_city" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "address_state" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "address_cep" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_method_ck" CHECK ("orders"."delivery_method" in ('Entrega', 'Retirada na loja'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_ck" CHECK ("orders"."shipping_cents" >= 0 and "orders"."shipping_cents" <= "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_address_ck" CHECK ("orders"."delivery_method" = 'Retirada na loja' or ("orders"."address_street" is not null and "orders"."address_number" is not null and "orders"."address_complement" is not null and "orders"."address_district" is not null and "orders"."address_city" is not null and "orders"."address_state" is not null and "orders"."address_cep" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_ck" CHECK ("orders"."delivery_method" = 'Entrega' or ("orders"."shipping_cents" = 0 and "orders"."address_cep" is null));--> statement-breakpoint
-- Shipped (delivery) and ready for pickup sit between processing and delivered.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_ck";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in ('Processando', 'Enviado', 'Pronto para retirada', 'Entregue', 'Cancelado'));--> statement-breakpoint
-- The timeline: every status an order has been in, with when.
CREATE TABLE "order_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_events_order_idx" ON "order_status_events" USING btree ("order_id","at");--> statement-breakpoint
-- Older orders: when they changed status was not kept, so their steps are dated at their creation.
INSERT INTO "order_status_events" ("order_id", "status", "at")
  SELECT "id", 'Processando', "created_at" FROM "orders" ORDER BY "id";--> statement-breakpoint
INSERT INTO "order_status_events" ("order_id", "status", "at")
  SELECT "id", "status", "created_at" FROM "orders" WHERE "status" <> 'Processando' ORDER BY "id";--> statement-breakpoint
-- Written by the database, so every code path that creates an order or changes its status records it.
CREATE OR REPLACE FUNCTION order_status_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_status_events" ("order_id", "status", "at") VALUES (NEW."id", NEW."status", now());
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_status_created AFTER INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION order_status_recorded();
--> statement-breakpoint
CREATE TRIGGER orders_status_changed AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION order_status_recorded();
