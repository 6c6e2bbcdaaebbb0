-- Pix and boleto wait for the bank: the order waits ('Aguardando pagamento'), the payment is
-- 'Pendente' until paid, expired or cancelled, and each bank notification is kept once.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_ck";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in ('Aguardando pagamento', 'Processando', 'Enviado', 'Pronto para retirada', 'Entregue', 'Cancelado'));
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "txid" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_due_at" timestamp with time zone;
--> statement-breakpoint
-- Pending Pix and boleto of orders still being processed never had a charge the bank could
-- confirm: they wait for payment now and expire like new ones (Pix 30 min, boleto 3 days + 1
-- after creation), counted from now so nobody loses an order to the migration itself.
UPDATE "payments" p SET
  "txid" = 'LEGADO' || lpad(p."id"::text, 20, '0'),
  "expires_at" = now() + CASE WHEN p."method" = 'Pix' THEN interval '30 minutes' ELSE interval '4 days' END
WHERE p."status" = 'Pendente' AND p."method" IN ('Pix', 'Boleto');
--> statement-breakpoint
UPDATE "orders" o SET "status" = 'Aguardando pagamento'
FROM "payments" p
WHERE p."id" = o."payment_id" AND p."status" = 'Pendente' AND p."method" IN ('Pix', 'Boleto') AND o."status" = 'Processando';
--> statement-breakpoint
-- Their timeline starts at 'Aguardando pagamento' (no order waited before this migration): the
-- 'Processando' step recorded before and the one the trigger just wrote become that one step.
DELETE FROM "order_status_events" e USING "orders" o
WHERE e."order_id" = o."id" AND o."status" = 'Aguardando pagamento';
--> statement-breakpoint
INSERT INTO "order_status_events" ("order_id", "status", "at")
  SELECT "id", "status", "created_at" FROM "orders" WHERE "status" = 'Aguardando pagamento' ORDER BY "id";
--> statement-breakpoint
-- A pending payment whose order was delivered counts as paid; one whose order was cancelled, as cancelled.
UPDATE "payments" p SET "status" = CASE o."status" WHEN 'Entregue' THEN 'Aprovado' ELSE 'Cancelado' END
FROM "orders" o
WHERE p."id" = o."payment_id" AND p."status" = 'Pendente' AND o."status" IN ('Entregue', 'Cancelado');
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_ck" CHECK ("payments"."status" in ('Pendente', 'Aprovado', 'Expirado', 'Cancelado', 'Recusado'));
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_txid_uq" ON "payments" USING btree ("txid");
--> statement-breakpoint
CREATE INDEX "payments_pending_expiry_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 'Pendente';
--> statement-breakpoint
CREATE TABLE "payment_receipts" (
  "end_to_end_id" text PRIMARY KEY NOT NULL,
  "payment_id" integer NOT NULL REFERENCES "payments"("id"),
  "amount_cents" integer NOT NULL,
  "paid_at" timestamp with time zone NOT NULL,
  "outcome" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payment_receipts_outcome_ck" CHECK ("payment_receipts"."outcome" in ('settled', 'refund'))
);
--> statement-breakpoint
CREATE INDEX "payment_receipts_payment_idx" ON "payment_receipts" USING btree ("payment_id");
--> statement-breakpoint
CREATE TABLE "sandbox_pix_charges" (
  "txid" text PRIMARY KEY NOT NULL,
  "chave" text NOT NULL,
  "amount_cents" integer NOT NULL,
  "expiracao" integer NOT NULL,
  "status" text NOT NULL,
  "pix_copia_e_cola" text NOT NULL,
  "revisao" integer DEFAULT 0 NOT NULL,
  "end_to_end_id" text,
  "paid_cents" integer,
  "paid_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
