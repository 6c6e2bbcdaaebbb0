-- The staff's statuses replace 'ativo'/'cancelado': Agendado → Em atendimento → Concluído, or
-- Não compareceu, or Cancelado. Agendado and Em atendimento hold their time.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_ck";--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_employee_overlap_ex";--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_pet_overlap_ex";--> statement-breakpoint
DROP INDEX "appointments_active_date_idx";--> statement-breakpoint
UPDATE "appointments" SET "status" = CASE "status" WHEN 'ativo' THEN 'Agendado' ELSE 'Cancelado' END;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "status" SET DEFAULT 'Agendado';--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "staff_note" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_ck" CHECK ("appointments"."status" in ('Agendado', 'Em atendimento', 'Concluído', 'Não compareceu', 'Cancelado'));--> statement-breakpoint
CREATE INDEX "appointments_active_date_idx" ON "appointments" USING btree ("appointment_date","appointment_time") WHERE "appointments"."status" in ('Agendado', 'Em atendimento');--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_employee_overlap_ex" EXCLUDE USING gist ("employee_id" WITH =, "during" WITH &&) WHERE ("status" in ('Agendado', 'Em atendimento'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_pet_overlap_ex" EXCLUDE USING gist ("pet_id" WITH =, "during" WITH &&) WHERE ("status" in ('Agendado', 'Em atendimento'));
