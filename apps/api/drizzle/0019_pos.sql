-- The counter: products carry their EAN-13; cash sessions per operator and store, their cash
-- movements, counter sales with their items and payments, and returns.
ALTER TABLE "products" ADD COLUMN "barcode" char(13);
--> statement-breakpoint
CREATE UNIQUE INDEX "products_barcode_uq" ON "products" USING btree ("barcode");
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_barcode_ck" CHECK ("products"."barcode" ~ '^[0-9]{13}$');
--> statement-breakpoint
CREATE TABLE "pos_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL REFERENCES "stores"("id"),
	"operator_id" integer NOT NULL REFERENCES "users"("id"),
	"opening_cash_cents" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"expected" jsonb,
	"counted" jsonb,
	CONSTRAINT "pos_sessions_opening_ck" CHECK ("pos_sessions"."opening_cash_cents" >= 0),
	CONSTRAINT "pos_sessions_closed_ck" CHECK (("pos_sessions"."closed_at" is null) = ("pos_sessions"."counted" is null) and ("pos_sessions"."closed_at" is null) = ("pos_sessions"."expected" is null))
);
--> statement-breakpoint
-- One open session per operator and store: the database decides when two tabs open at once.
CREATE UNIQUE INDEX "pos_sessions_one_open_uq" ON "pos_sessions" USING btree ("operator_id", "store_id") WHERE "pos_sessions"."closed_at" is null;
--> statement-breakpoint
CREATE INDEX "pos_sessions_store_idx" ON "pos_sessions" USING btree ("store_id", "opened_at");
--> statement-breakpoint
CREATE TABLE "pos_cash_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL REFERENCES "pos_sessions"("id"),
	"type" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_cash_movements_type_ck" CHECK ("pos_cash_movements"."type" in ('sangria', 'suprimento')),
	CONSTRAINT "pos_cash_movements_amount_ck" CHECK ("pos_cash_movements"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "pos_cash_movements_session_idx" ON "pos_cash_movements" USING btree ("session_id");
--> statement-breakpoint
CREATE TABLE "pos_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL REFERENCES "pos_sessions"("id"),
	"store_id" integer NOT NULL REFERENCES "stores"("id"),
	"operator_id" integer NOT NULL REFERENCES "users"("id"),
	"customer_id" integer REFERENCES "users"("id"),
	"cpf" char(11),
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"change_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "pos_sales_status_ck" CHECK ("pos_sales"."status" in ('Concluída', 'Aguardando pagamento', 'Cancelada')),
	CONSTRAINT "pos_sales_amounts_ck" CHECK ("pos_sales"."discount_cents" >= 0 and "pos_sales"."discount_cents" <= "pos_sales"."subtotal_cents"),
	CONSTRAINT "pos_sales_total_ck" CHECK ("pos_sales"."total_cents" = "pos_sales"."subtotal_cents" - "pos_sales"."discount_cents"),
	CONSTRAINT "pos_sales_change_ck" CHECK ("pos_sales"."change_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sales_idempotency_uq" ON "pos_sales" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "pos_sales_session_idx" ON "pos_sales" USING btree ("session_id");
--> statement-breakpoint
CREATE TABLE "pos_sale_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL REFERENCES "pos_sales"("id"),
	"kind" text NOT NULL,
	"product_id" integer,
	"service_id" integer,
	"package_id" integer,
	"pet_id" integer,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pos_sale_items_kind_ck" CHECK ("pos_sale_items"."kind" in ('produto', 'servico', 'pacote')),
	CONSTRAINT "pos_sale_items_quantity_ck" CHECK ("pos_sale_items"."quantity" > 0),
	CONSTRAINT "pos_sale_items_returned_ck" CHECK ("pos_sale_items"."returned_quantity" between 0 and "pos_sale_items"."quantity"),
	CONSTRAINT "pos_sale_items_price_ck" CHECK ("pos_sale_items"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX "pos_sale_items_sale_idx" ON "pos_sale_items" USING btree ("sale_id");
--> statement-breakpoint
CREATE TABLE "pos_sale_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL REFERENCES "pos_sales"("id"),
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"received_cents" integer,
	"installments" integer,
	"nsu" text,
	"authorization_code" text,
	"payment_id" integer,
	"status" text NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pos_sale_payments_method_ck" CHECK ("pos_sale_payments"."method" in ('Dinheiro', 'Pix', 'Cartão de Crédito', 'Cartão de Débito')),
	CONSTRAINT "pos_sale_payments_status_ck" CHECK ("pos_sale_payments"."status" in ('Aprovado', 'Pendente', 'Cancelado')),
	CONSTRAINT "pos_sale_payments_amount_ck" CHECK ("pos_sale_payments"."amount_cents" > 0),
	CONSTRAINT "pos_sale_payments_refunded_ck" CHECK ("pos_sale_payments"."refunded_cents" between 0 and "pos_sale_payments"."amount_cents"),
	CONSTRAINT "pos_sale_payments_received_ck" CHECK ("pos_sale_payments"."received_cents" is null or "pos_sale_payments"."received_cents" >= "pos_sale_payments"."amount_cents"),
	CONSTRAINT "pos_sale_payments_installments_ck" CHECK ("pos_sale_payments"."installments" is null or "pos_sale_payments"."installments" between 1 and 12)
);
--> statement-breakpoint
CREATE INDEX "pos_sale_payments_sale_idx" ON "pos_sale_payments" USING btree ("sale_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sale_payments_payment_uq" ON "pos_sale_payments" USING btree ("payment_id");
--> statement-breakpoint
CREATE TABLE "pos_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL REFERENCES "pos_sales"("id"),
	"session_id" integer REFERENCES "pos_sessions"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"request_key" text,
	"total_cents" integer NOT NULL,
	"refunds" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_returns_total_ck" CHECK ("pos_returns"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX "pos_returns_sale_idx" ON "pos_returns" USING btree ("sale_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "pos_returns_request_uq" ON "pos_returns" USING btree ("sale_id", "request_key");
