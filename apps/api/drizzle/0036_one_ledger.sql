-- One ledger for money: every payment names its owner (a web order, a counter sale, a plan's
-- cycle) and its store; counter and plan money moves into this table in the migrations after it.
ALTER TABLE "payments" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "owner_kind" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "store_id" integer REFERENCES "stores"("id");--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "nsu" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "authorization_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payments" p SET "owner_kind" = 'order', "owner_id" = o."id", "store_id" = o."store_id"
  FROM "orders" o WHERE o."payment_id" = p."id";--> statement-breakpoint
UPDATE "payments" p SET "owner_kind" = 'pos_sale', "owner_id" = sp."sale_id", "store_id" = s."store_id"
  FROM "pos_sale_payments" sp JOIN "pos_sales" s ON s."id" = sp."sale_id"
  WHERE sp."payment_id" = p."id" AND p."owner_kind" IS NULL;--> statement-breakpoint
-- A payment no order ever recorded cannot exist (both are written in one transaction); should one,
-- it is kept as its own order's id-less row rather than lost.
UPDATE "payments" SET "owner_kind" = 'order', "owner_id" = 0 WHERE "owner_kind" IS NULL;--> statement-breakpoint
UPDATE "payments" p SET "settled_at" = COALESCE(
    (SELECT min(r."paid_at") FROM "payment_receipts" r WHERE r."payment_id" = p."id" AND r."outcome" = 'settled'),
    p."created_at")
  WHERE p."status" IN ('Aprovado', 'Contestado', 'Reembolso pendente', 'Reembolsado', 'Parcialmente reembolsado', 'Reembolso falhou');--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "owner_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_ck";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_ck" CHECK ("method" in ('Cartão de Débito', 'Cartão de Crédito', 'Pix', 'Boleto', 'Pix Automático', 'Dinheiro'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_owner_kind_ck" CHECK ("owner_kind" in ('order', 'pos_sale', 'subscription_cycle'));--> statement-breakpoint
CREATE INDEX "payments_owner_idx" ON "payments" ("owner_kind", "owner_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" ("created_at");--> statement-breakpoint
CREATE INDEX "payments_store_created_idx" ON "payments" ("store_id", "created_at");
