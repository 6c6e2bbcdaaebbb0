-- A plan's cycle is paid through the payments ledger: each charge of it at a PSP is a payments row
-- of owner 'subscription_cycle', and the cycle points at its latest. What the cycle kept of the
-- PSP (the card payment's id or the Pix endToEndId, the time paid) moves to that row, so an
-- upgraded database keeps its books: paid, waiting, refused, refunded and disputed charges alike.
ALTER TABLE "subscription_cycles" ADD COLUMN "payment_id" integer REFERENCES "payments"("id");--> statement-breakpoint
INSERT INTO "payments" ("user_id", "owner_kind", "owner_id", "store_id", "method", "total_cents", "status",
    "txid", "psp_payment_id", "details", "created_at", "settled_at", "refunded_cents")
  SELECT s."user_id", 'subscription_cycle', c."id", e."store_id",
    CASE WHEN s."card_id" IS NOT NULL THEN 'Cartão de Crédito' ELSE 'Pix Automático' END,
    c."amount_cents",
    CASE
      WHEN c."status" = 'Paga' THEN 'Aprovado'
      WHEN c."status" = 'Cobrança enviada' THEN 'Pendente'
      -- a Pix Automático charge waiting for its next attempt is still open at the PSP
      WHEN c."status" = 'Falhou' AND s."card_id" IS NULL AND c."retry_on" IS NOT NULL THEN 'Pendente'
      WHEN c."status" = 'Falhou' THEN 'Recusado'
      WHEN c."failure" LIKE 'Reembolsada%' THEN 'Reembolsado'
      ELSE 'Contestado'
    END,
    CASE WHEN s."card_id" IS NULL THEN c."txid" END,
    CASE WHEN s."card_id" IS NOT NULL THEN c."psp_payment_id" END,
    CASE WHEN s."card_id" IS NOT NULL THEN jsonb_build_object('pspReference', c."txid") ELSE '{}'::jsonb END,
    c."created_at",
    CASE WHEN c."status" = 'Paga' OR c."status" = 'Cancelada' THEN COALESCE(c."paid_at", c."created_at") END,
    CASE WHEN c."status" = 'Cancelada' AND c."failure" LIKE 'Reembolsada%' THEN c."amount_cents" ELSE 0 END
  FROM "subscription_cycles" c
  JOIN "subscriptions" s ON s."id" = c."subscription_id"
  JOIN "employees" e ON e."id" = s."employee_id"
  WHERE c."status" IN ('Paga', 'Cobrança enviada')
    OR (c."status" = 'Falhou' AND c."attempts" > 0)
    OR (c."status" = 'Cancelada' AND c."psp_payment_id" IS NOT NULL
      AND (c."failure" LIKE 'Reembolsada%' OR c."failure" LIKE 'Contestada%'));--> statement-breakpoint
-- A Pix received for a cycle is the receipt a devolução is made from.
INSERT INTO "payment_receipts" ("end_to_end_id", "payment_id", "amount_cents", "paid_at", "outcome")
  SELECT c."psp_payment_id", p."id", c."amount_cents", COALESCE(c."paid_at", c."created_at"), 'settled'
  FROM "subscription_cycles" c
  JOIN "payments" p ON p."owner_kind" = 'subscription_cycle' AND p."owner_id" = c."id"
  WHERE p."method" = 'Pix Automático' AND p."status" = 'Aprovado' AND c."psp_payment_id" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "subscription_cycles" c SET "payment_id" = p."id"
  FROM "payments" p WHERE p."owner_kind" = 'subscription_cycle' AND p."owner_id" = c."id";--> statement-breakpoint
ALTER TABLE "subscription_cycles" DROP COLUMN "psp_payment_id";--> statement-breakpoint
ALTER TABLE "subscription_cycles" DROP COLUMN "paid_at";--> statement-breakpoint
CREATE INDEX "subscription_cycles_payment_idx" ON "subscription_cycles" ("payment_id");
