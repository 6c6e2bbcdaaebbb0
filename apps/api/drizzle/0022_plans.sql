-- Plans (assinaturas) and their subscriptions: the dates each one books ahead, and the cycles it
-- charges by Pix Automático or card. Also the Pix stand-in's recurrences (API Pix v2.9 /locrec,
-- /rec, /solicrec, /cobr), kept in the shop's database like its charges.
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"service_id" integer NOT NULL REFERENCES "services"("id"),
	"size" text NOT NULL,
	"frequency" text NOT NULL,
	"price_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_price_ck" CHECK ("plans"."price_cents" > 0),
	CONSTRAINT "plans_frequency_ck" CHECK ("plans"."frequency" in ('SEMANAL', 'QUINZENAL', 'MENSAL'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL REFERENCES "plans"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"pet_id" integer NOT NULL REFERENCES "pets"("id"),
	"employee_id" integer NOT NULL REFERENCES "employees"("id"),
	"weekday" smallint NOT NULL,
	"time" char(5) NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"price_cents" integer NOT NULL,
	"frequency" text NOT NULL,
	"anchor_date" date NOT NULL,
	"id_rec" text UNIQUE,
	"rec_status" text,
	"rec_copia_e_cola" text,
	"card_customer_id" text,
	"card_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_weekday_ck" CHECK ("subscriptions"."weekday" between 0 and 6)
);
--> statement-breakpoint
CREATE INDEX "subscriptions_status_idx" ON "subscriptions" ("status");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" ("user_id");--> statement-breakpoint
CREATE TABLE "subscription_dates" (
	"subscription_id" integer NOT NULL REFERENCES "subscriptions"("id"),
	"on_date" date NOT NULL,
	"appointment_id" integer REFERENCES "appointments"("id"),
	"state" text NOT NULL,
	CONSTRAINT "subscription_dates_pk" PRIMARY KEY("subscription_id","on_date")
);
--> statement-breakpoint
CREATE TABLE "subscription_cycles" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL REFERENCES "subscriptions"("id"),
	"due_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"txid" text NOT NULL UNIQUE,
	"psp_payment_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_on" date,
	"failure" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_cycles_due_uq" ON "subscription_cycles" ("subscription_id","due_on");--> statement-breakpoint
CREATE INDEX "subscription_cycles_status_idx" ON "subscription_cycles" ("status","due_on");--> statement-breakpoint
CREATE TABLE "sandbox_pix_locrecs" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_rec" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pix_recs" (
	"id_rec" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"body" jsonb NOT NULL,
	"loc_id" integer,
	"atualizacao" jsonb NOT NULL,
	"encerramento" jsonb,
	"tipo_jornada" text DEFAULT 'AGUARDANDO_DEFINICAO' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pix_solicrecs" (
	"id_solic_rec" text PRIMARY KEY NOT NULL,
	"id_rec" text NOT NULL,
	"status" text NOT NULL,
	"body" jsonb NOT NULL,
	"atualizacao" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pix_cobrs" (
	"txid" text PRIMARY KEY NOT NULL,
	"id_rec" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_on" date NOT NULL,
	"body" jsonb NOT NULL,
	"atualizacao" jsonb NOT NULL,
	"tentativas" jsonb NOT NULL,
	"end_to_end_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
