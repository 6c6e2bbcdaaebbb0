-- Cards and boletos through a card PSP (Mercado Pago), refunds of any real payment and chargebacks.
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_ck";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_ck" CHECK ("payments"."status" in ('Pendente', 'Aprovado', 'Expirado', 'Cancelado', 'Recusado', 'Contestado', 'Reembolso pendente', 'Reembolsado', 'Parcialmente reembolsado', 'Reembolso falhou'));
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "psp_payment_id" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "installments" integer;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last_four" char(4);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_psp_payment_uq" ON "payments" USING btree ("psp_payment_id");
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_ck" CHECK ("payments"."refunded_cents" >= 0 and "payments"."refunded_cents" <= "payments"."total_cents");
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_installments_ck" CHECK ("payments"."installments" is null or "payments"."installments" between 1 and 12);
--> statement-breakpoint
-- One row per refund asked for. Its id is the key the PSP sees (X-Idempotency-Key, the Pix
-- devolução id), so a retry never gives the money back twice.
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"request_key" text NOT NULL,
	"psp_refund_id" text,
	"requested_by" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_ck" CHECK ("payment_refunds"."amount_cents" > 0),
	CONSTRAINT "payment_refunds_kind_ck" CHECK ("payment_refunds"."kind" in ('card', 'pix', 'manual')),
	CONSTRAINT "payment_refunds_status_ck" CHECK ("payment_refunds"."status" in ('pendente', 'concluido', 'falhou'))
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_request_uq" ON "payment_refunds" USING btree ("payment_id", "request_key");
--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");
