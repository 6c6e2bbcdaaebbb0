CREATE TABLE "pet_vaccines" (
	"id" serial PRIMARY KEY NOT NULL,
	"pet_id" integer NOT NULL,
	"name" text NOT NULL,
	"applied_on" date NOT NULL,
	"next_due_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_vaccines_next_due_ck" CHECK ("pet_vaccines"."next_due_on" > "pet_vaccines"."applied_on")
);
--> statement-breakpoint
CREATE TABLE "pet_weights" (
	"id" serial PRIMARY KEY NOT NULL,
	"pet_id" integer NOT NULL,
	"kg" numeric(5, 2) NOT NULL,
	"measured_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_weights_kg_ck" CHECK ("pet_weights"."kg" > 0 and "pet_weights"."kg" <= 150)
);
--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "allergies" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "breed" text;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "pet_vaccines" ADD CONSTRAINT "pet_vaccines_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_weights" ADD CONSTRAINT "pet_weights_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_vaccines_pet_idx" ON "pet_vaccines" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "pet_vaccines_next_due_idx" ON "pet_vaccines" USING btree ("next_due_on") WHERE "pet_vaccines"."next_due_on" is not null;--> statement-breakpoint
CREATE INDEX "pet_weights_pet_idx" ON "pet_weights" USING btree ("pet_id","measured_on");