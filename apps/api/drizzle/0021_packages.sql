-- Packages: prepaid bundles of a service ('4 banhos — porte Médio'), sold online or at the counter,
-- and the pet's credit ledger. A grant is one package bought for one pet; its balance is the sum
-- of its entries (bought, used by a booking, given back by an early cancellation, voided at expiry).
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"service_id" integer NOT NULL,
	"size" text,
	"credits" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "packages_size_ck" CHECK ("packages"."size" is null or "packages"."size" in ('Pequeno', 'Médio', 'Grande')),
	CONSTRAINT "packages_credits_ck" CHECK ("packages"."credits" between 1 and 100),
	CONSTRAINT "packages_validity_ck" CHECK ("packages"."validity_days" between 1 and 730),
	CONSTRAINT "packages_price_ck" CHECK ("packages"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "package_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"pet_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_purchases_order_uq" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "pet_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"pet_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"package_name" text NOT NULL,
	"service_id" integer NOT NULL,
	"credits" integer NOT NULL,
	"source" text NOT NULL,
	"ref" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"expiry_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_credits_source_ck" CHECK ("pet_credits"."source" in ('online', 'balcao')),
	CONSTRAINT "pet_credits_credits_ck" CHECK ("pet_credits"."credits" > 0),
	CONSTRAINT "pet_credits_grant_uq" UNIQUE("source", "ref", "package_id", "pet_id")
);
--> statement-breakpoint
ALTER TABLE "pet_credits" ADD CONSTRAINT "pet_credits_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pet_credits" ADD CONSTRAINT "pet_credits_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pet_credits" ADD CONSTRAINT "pet_credits_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "pet_credits_pet_idx" ON "pet_credits" USING btree ("pet_id","service_id","expires_at");
--> statement-breakpoint
CREATE INDEX "pet_credits_expires_idx" ON "pet_credits" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "pet_credit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"appointment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_credit_entries_delta_ck" CHECK ("pet_credit_entries"."delta" <> 0),
	CONSTRAINT "pet_credit_entries_reason_ck" CHECK ("pet_credit_entries"."reason" in ('compra', 'uso', 'devolucao', 'expiracao', 'estorno')),
	CONSTRAINT "pet_credit_entries_appointment_ck" CHECK (("pet_credit_entries"."reason" in ('uso', 'devolucao')) = ("pet_credit_entries"."appointment_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "pet_credit_entries" ADD CONSTRAINT "pet_credit_entries_credit_id_pet_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."pet_credits"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pet_credit_entries" ADD CONSTRAINT "pet_credit_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "pet_credit_entries_credit_idx" ON "pet_credit_entries" USING btree ("credit_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "pet_credit_entries_use_uq" ON "pet_credit_entries" USING btree ("appointment_id") WHERE "pet_credit_entries"."reason" = 'uso';
--> statement-breakpoint
CREATE UNIQUE INDEX "pet_credit_entries_return_uq" ON "pet_credit_entries" USING btree ("appointment_id") WHERE "pet_credit_entries"."reason" = 'devolucao';
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "paid_with" text;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_paid_with_ck" CHECK ("appointments"."paid_with" is null or "appointments"."paid_with" in ('Pacote', 'Assinatura'));
