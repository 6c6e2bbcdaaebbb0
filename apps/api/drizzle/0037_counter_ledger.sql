-- The counter's cash and terminal card payments join the payments ledger (decision 0121). Each
-- pos_sale_payments row without a ledger row gets one, with the id taken from the payments sequence
-- first so the two are linked in SQL; what went back becomes a concluded refund of the right kind.
-- pos_sale_payments keeps only the counter's own record: which payment, its method and part of the
-- total, the cash handed over.
ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_kind_ck";--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_kind_ck" CHECK ("kind" in ('card', 'pix', 'manual', 'cash', 'terminal'));--> statement-breakpoint
UPDATE "pos_sale_payments" SET "payment_id" = nextval(pg_get_serial_sequence('payments', 'id'))
  WHERE "payment_id" IS NULL;--> statement-breakpoint
INSERT INTO "payments" ("id", "user_id", "owner_kind", "owner_id", "store_id", "method", "total_cents", "status",
    "created_at", "installments", "refunded_cents", "nsu", "authorization_code", "settled_at")
  SELECT sp."payment_id", s."customer_id", 'pos_sale', s."id", s."store_id", sp."method", sp."amount_cents",
    CASE
      WHEN s."status" = 'Cancelada' OR sp."status" = 'Cancelado' THEN 'Cancelado'
      WHEN s."status" = 'Aguardando pagamento' THEN 'Pendente'
      WHEN sp."refunded_cents" >= sp."amount_cents" THEN 'Reembolsado'
      WHEN sp."refunded_cents" > 0 THEN 'Parcialmente reembolsado'
      ELSE 'Aprovado'
    END,
    s."created_at", sp."installments", sp."refunded_cents", sp."nsu", sp."authorization_code",
    CASE WHEN s."status" = 'Concluída' THEN COALESCE(s."completed_at", s."created_at") END
  FROM "pos_sale_payments" sp JOIN "pos_sales" s ON s."id" = sp."sale_id"
  WHERE sp."method" <> 'Pix' AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p."id" = sp."payment_id");--> statement-breakpoint
INSERT INTO "payment_refunds" ("payment_id", "amount_cents", "reason", "kind", "status", "request_key",
    "created_at", "settled_at")
  SELECT sp."payment_id", sp."refunded_cents", 'Devolução no balcão (venda ' || sp."sale_id" || ')',
    CASE WHEN sp."method" = 'Dinheiro' THEN 'cash' ELSE 'terminal' END, 'concluido', 'pos-migracao-0037',
    COALESCE(r."last_at", s."completed_at", s."created_at"), COALESCE(r."last_at", s."completed_at", s."created_at")
  FROM "pos_sale_payments" sp
  JOIN "pos_sales" s ON s."id" = sp."sale_id"
  LEFT JOIN (SELECT "sale_id", max("created_at") AS "last_at" FROM "pos_returns" GROUP BY "sale_id") r
    ON r."sale_id" = sp."sale_id"
  WHERE sp."method" <> 'Pix' AND sp."refunded_cents" > 0;--> statement-breakpoint
ALTER TABLE "pos_sale_payments" ALTER COLUMN "payment_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_sale_payments" ADD CONSTRAINT "pos_sale_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payments"("id");--> statement-breakpoint
ALTER TABLE "pos_sale_payments" DROP CONSTRAINT "pos_sale_payments_status_ck";--> statement-breakpoint
ALTER TABLE "pos_sale_payments" DROP CONSTRAINT "pos_sale_payments_refunded_ck";--> statement-breakpoint
ALTER TABLE "pos_sale_payments" DROP CONSTRAINT "pos_sale_payments_installments_ck";--> statement-breakpoint
ALTER TABLE "pos_sale_payments" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "pos_sale_payments" DROP COLUMN "refunded_cents";--> statement-breakpoint
ALTER TABLE "pos_sale_payments" DROP COLUMN "installments";--> statement-breakpoint
ALTER TABLE "pos_sale_payments" DROP COLUMN "nsu";--> statement-breakpoint
ALTER TABLE "pos_sale_payments" DROP COLUMN "authorization_code";--> statement-breakpoint
CREATE INDEX "payments_method_created_idx" ON "payments" ("method", "created_at");
