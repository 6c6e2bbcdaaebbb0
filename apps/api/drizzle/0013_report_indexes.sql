-- The dashboard's summary reads a range of days: orders by the moment they were paid (their
-- 'Processando' step) and appointments of every status by date.
CREATE INDEX "order_status_events_paid_idx" ON "order_status_events" USING btree ("at") WHERE "order_status_events"."status" = 'Processando';
--> statement-breakpoint
CREATE INDEX "appointments_date_employee_idx" ON "appointments" USING btree ("appointment_date","employee_id","status");
