-- The instance that claimed a message (the job runner's owner key): the outbox frees the claims of
-- an instance that died at once instead of after the two minutes of the lease.
ALTER TABLE "messages" ADD COLUMN "lease_owner" integer;
