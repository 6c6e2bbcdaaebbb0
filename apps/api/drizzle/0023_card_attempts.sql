-- Each card charge asked of the PSP, written before the order's transaction: if that transaction
-- never commits (a PSP too slow to answer, a crash) the PSP may still have approved the charge, and
-- the reconciliation asks the PSP for it by external_reference (the order id reserved here) and
-- gives back any money no payment of ours recorded.
CREATE TABLE "card_attempts" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_attempts" ADD CONSTRAINT "card_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "card_attempts_open_idx" ON "card_attempts" USING btree ("created_at") WHERE "card_attempts"."checked_at" is null;
