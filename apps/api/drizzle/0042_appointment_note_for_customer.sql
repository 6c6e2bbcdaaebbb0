-- A staff note on an appointment is the staff's own unless marked for the pet's owner: every note
-- written before stays inside (one had been shown to customers, 'usar lâmina 10').
ALTER TABLE "appointments" ADD COLUMN "note_for_customer" boolean DEFAULT false NOT NULL;
