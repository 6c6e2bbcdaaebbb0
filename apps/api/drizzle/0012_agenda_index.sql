-- The staff agenda reads a day or a week of every appointment that was not cancelled.
CREATE INDEX "appointments_agenda_idx" ON "appointments" USING btree ("appointment_date","employee_id") WHERE "appointments"."status" <> 'Cancelado';
