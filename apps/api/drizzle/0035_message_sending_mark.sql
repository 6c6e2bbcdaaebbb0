-- When a sender handed a message to its server: set in a committed write just before the SMTP or
-- WhatsApp call, cleared by the outcome. A claim that outlives its sender (killed, or its lease
-- ran out) with this mark may have been delivered: it is never sent again by itself, but set
-- 'falhou' with a reason an admin reads before resending (at most once per event).
ALTER TABLE "messages" ADD COLUMN "sending_at" timestamp with time zone;
