-- Purchasing: suppliers (CNPJ in the alphanumeric format of IN RFB 2229/2024), purchase orders
-- received once into a store's stock by 'compra' movements, their lots and expiry dates, each
-- product's average cost and each store's reorder minimum.
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cnpj" char(14) NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_cnpj_uq" UNIQUE("cnpj"),
	CONSTRAINT "suppliers_cnpj_ck" CHECK ("suppliers"."cnpj" ~ '^[0-9A-Z]{12}[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"status" text DEFAULT 'Rascunho' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "purchase_orders_status_ck" CHECK ("purchase_orders"."status" in ('Rascunho', 'Enviado', 'Recebido', 'Cancelado'))
);
--> statement-breakpoint
CREATE TABLE "purchase_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost_cents" integer NOT NULL,
	"lot" text,
	"expires_on" date,
	CONSTRAINT "purchase_order_items_quantity_ck" CHECK ("purchase_order_items"."quantity" > 0),
	CONSTRAINT "purchase_order_items_cost_ck" CHECK ("purchase_order_items"."unit_cost_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"purchase_order_id" integer NOT NULL,
	"lot" text,
	"expires_on" date NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "stock_lots_quantity_ck" CHECK ("stock_lots"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_costs" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"average_cost_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_costs_cost_ck" CHECK ("product_costs"."average_cost_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_minimums" (
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"minimum" integer NOT NULL,
	CONSTRAINT "stock_minimums_pk" PRIMARY KEY("product_id","store_id"),
	CONSTRAINT "stock_minimums_ck" CHECK ("stock_minimums"."minimum" >= 0)
);
--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_costs" ADD CONSTRAINT "product_costs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_minimums" ADD CONSTRAINT "stock_minimums_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_minimums" ADD CONSTRAINT "stock_minimums_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_orders_store_idx" ON "purchase_orders" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "purchase_order_items_order_idx" ON "purchase_order_items" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "stock_lots_expiry_idx" ON "stock_lots" USING btree ("expires_on","store_id");--> statement-breakpoint
-- Sales of a store over the last weeks, for the reorder suggestions.
CREATE INDEX "stock_movements_sales_idx" ON "stock_movements" USING btree ("store_id","at") WHERE "reason" in ('venda_online', 'venda_balcao');--> statement-breakpoint
-- The sum over the shelves, computed once per changed row.
CREATE OR REPLACE FUNCTION "store_stock_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    total := "product_stock_total"(OLD."product_id");
    UPDATE "products" SET "stock" = total WHERE "id" = OLD."product_id" AND "stock" <> total;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."product_id" <> OLD."product_id") THEN
    total := "product_stock_total"(NEW."product_id");
    UPDATE "products" SET "stock" = total WHERE "id" = NEW."product_id" AND "stock" <> total;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- SPEC's stock is the sum over the active stores (stores.active, migration 0018).
CREATE OR REPLACE FUNCTION "product_stock_total"(p integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(s."quantity"), 0)::integer
  FROM "store_stock" s JOIN "stores" st ON st."id" = s."store_id" AND st."active"
  WHERE s."product_id" = p
$$;--> statement-breakpoint
-- A store opened or closed: the stock of every product on its shelves changes with it.
CREATE FUNCTION "store_active_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" p SET "stock" = "product_stock_total"(p."id")
  WHERE p."id" IN (SELECT "product_id" FROM "store_stock" WHERE "store_id" = NEW."id")
    AND p."stock" <> "product_stock_total"(p."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "store_active_changed" AFTER UPDATE OF "active" ON "stores"
  FOR EACH ROW WHEN (OLD."active" IS DISTINCT FROM NEW."active") EXECUTE FUNCTION "store_active_changed"();--> statement-breakpoint
UPDATE "products" p SET "stock" = "product_stock_total"(p."id") WHERE p."stock" <> "product_stock_total"(p."id");--> statement-breakpoint
-- The check: shelves against movements (every store), products against their active stores' shelves.
CREATE OR REPLACE FUNCTION "stock_ledger_problems"() RETURNS TABLE("product_id" integer, "store_id" integer, "stock" integer, "expected" bigint)
LANGUAGE sql STABLE AS $$
  SELECT coalesce(s."product_id", m."product_id"), coalesce(s."store_id", m."store_id"),
         coalesce(s."quantity", 0), coalesce(m."total", 0)
  FROM "store_stock" s
  FULL JOIN (SELECT "product_id", "store_id", sum("delta") AS "total" FROM "stock_movements" GROUP BY 1, 2) m
    ON m."product_id" = s."product_id" AND m."store_id" = s."store_id"
  WHERE coalesce(s."quantity", 0) <> coalesce(m."total", 0)
  UNION ALL
  SELECT p."id", NULL, p."stock", coalesce(t."total", 0)
  FROM "products" p
  LEFT JOIN (SELECT s."product_id", sum(s."quantity") AS "total" FROM "store_stock" s
             JOIN "stores" st ON st."id" = s."store_id" AND st."active" GROUP BY 1) t ON t."product_id" = p."id"
  WHERE p."stock" <> coalesce(t."total", 0)
$$;
