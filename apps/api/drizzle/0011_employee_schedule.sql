-- Working hours per weekday and days off. An employee whose schedule_set_at is null has never had
-- a schedule set and works the default week (Monday to Saturday, 08:00–18:00).
ALTER TABLE "employees" ADD COLUMN "schedule_set_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "employee_hours" (
	"employee_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" char(5) NOT NULL,
	"end_time" char(5) NOT NULL,
	CONSTRAINT "employee_hours_pk" PRIMARY KEY("employee_id","weekday"),
	CONSTRAINT "employee_hours_weekday_ck" CHECK ("employee_hours"."weekday" between 0 and 6),
	CONSTRAINT "employee_hours_start_ck" CHECK ("employee_hours"."start_time" ~ '^([01][0-9]|2[0-3]):[03]0$'),
	CONSTRAINT "employee_hours_end_ck" CHECK ("employee_hours"."end_time" ~ '^(([01][0-9]|2[0-3]):[03]0|24:00)$'),
	CONSTRAINT "employee_hours_order_ck" CHECK ("employee_hours"."start_time" < "employee_hours"."end_time")
);
--> statement-breakpoint
CREATE TABLE "employee_days_off" (
	"employee_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "employee_days_off_pk" PRIMARY KEY("employee_id","day")
);
--> statement-breakpoint
ALTER TABLE "employee_hours" ADD CONSTRAINT "employee_hours_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_days_off" ADD CONSTRAINT "employee_days_off_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;
