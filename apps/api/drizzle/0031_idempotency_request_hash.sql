-- The same Idempotency-Key with another body is refused (409), not answered with the first result:
-- each request kept under a key keeps the hash of the body it came with. Rows older than this have
-- none and are answered as before.
ALTER TABLE "payments" ADD COLUMN "idempotency_hash" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD COLUMN "request_hash" text;
