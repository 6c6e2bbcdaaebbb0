-- Birds, rodents, reptiles, fish and any other pet, besides dogs and cats.
ALTER TABLE "pets" DROP CONSTRAINT "pets_specie_ck";--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_specie_ck" CHECK ("specie" in ('Cachorro', 'Gato', 'Pássaro', 'Roedor', 'Réptil', 'Peixe', 'Outro'));
