-- Stock per store and its ledger. Every change of a store's stock is a movement written in the same
-- transaction; products.stock stays SPEC's `stock`, the sum over the stores, kept by a trigger so the
-- shop's reads (and the catalogue's change notification) stay as they were.
CREATE TABLE "store_stock" (
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_stock_pk" PRIMARY KEY("product_id","store_id"),
	CONSTRAINT "store_stock_quantity_ck" CHECK ("store_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"ref" text,
	"note" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_reason_ck" CHECK ("stock_movements"."reason" in ('venda_online', 'venda_balcao', 'devolucao', 'ajuste', 'perda', 'transferencia', 'compra', 'cancelamento', 'expiracao')),
	CONSTRAINT "stock_movements_delta_ck" CHECK ("stock_movements"."delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_store_id" integer NOT NULL,
	"to_store_id" integer NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by" integer,
	"received_at" timestamp with time zone,
	CONSTRAINT "stock_transfers_stores_ck" CHECK ("stock_transfers"."from_store_id" <> "stock_transfers"."to_store_id")
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_items" (
	"transfer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "stock_transfer_items_pk" PRIMARY KEY("transfer_id","product_id"),
	CONSTRAINT "stock_transfer_items_quantity_ck" CHECK ("stock_transfer_items"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_store_id_stores_id_fk" FOREIGN KEY ("from_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_store_id_stores_id_fk" FOREIGN KEY ("to_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_items" ADD CONSTRAINT "stock_transfer_items_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_items" ADD CONSTRAINT "stock_transfer_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","store_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_store_idx" ON "stock_movements" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_at_idx" ON "stock_movements" USING btree ("at");--> statement-breakpoint
CREATE INDEX "stock_movements_ref_idx" ON "stock_movements" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "stock_transfers_open_idx" ON "stock_transfers" USING btree ("id") WHERE "stock_transfers"."received_at" is null;--> statement-breakpoint
-- Today's stock is the main store's (the oldest store), each with one 'ajuste' movement.
INSERT INTO "store_stock" ("product_id", "store_id", "quantity")
SELECT "id", (SELECT min("id") FROM "stores"), "stock" FROM "products" WHERE "stock" > 0;--> statement-breakpoint
INSERT INTO "stock_movements" ("product_id", "store_id", "delta", "reason", "ref", "note")
SELECT "id", (SELECT min("id") FROM "stores"), "stock", 'ajuste', 'product:' || "id", 'Estoque inicial da Loja principal'
FROM "products" WHERE "stock" > 0 ORDER BY "id";--> statement-breakpoint
-- SPEC's stock of a product: the sum over the stores (recomputed, never added to, so it is always exact).
CREATE FUNCTION "product_stock_total"(p integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum("quantity"), 0)::integer FROM "store_stock" WHERE "product_id" = p
$$;--> statement-breakpoint
CREATE FUNCTION "store_stock_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "products" SET "stock" = "product_stock_total"(OLD."product_id")
      WHERE "id" = OLD."product_id" AND "stock" IS DISTINCT FROM "product_stock_total"(OLD."product_id");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW."product_id" <> OLD."product_id") THEN
    UPDATE "products" SET "stock" = "product_stock_total"(NEW."product_id")
      WHERE "id" = NEW."product_id" AND "stock" IS DISTINCT FROM "product_stock_total"(NEW."product_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "store_stock_changed" AFTER INSERT OR UPDATE OF "quantity", "product_id", "store_id" OR DELETE ON "store_stock"
  FOR EACH ROW EXECUTE FUNCTION "store_stock_changed"();--> statement-breakpoint
-- For operations: every (product, store) whose stock is not the sum of its movements, and every
-- product whose stock is not the sum over its stores. No rows: the ledger holds.
CREATE FUNCTION "stock_ledger_problems"() RETURNS TABLE("product_id" integer, "store_id" integer, "stock" integer, "expected" bigint)
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
  LEFT JOIN (SELECT "product_id", sum("quantity") AS "total" FROM "store_stock" GROUP BY 1) t ON t."product_id" = p."id"
  WHERE p."stock" <> coalesce(t."total", 0)
$$;
