-- The sales list narrowed by status: the page of one status, newest first, reads this index instead
-- of every order (the date range alone uses orders_created_idx, a customer orders_user_created_idx).
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");
