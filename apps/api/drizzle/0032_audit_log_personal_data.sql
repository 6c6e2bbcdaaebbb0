-- A person's identifiers leave the entries written before they were masked for every entity (only
-- `user` entries were): the rule of apps/api/src/modules/audit/personal-data.ts, in SQL. The log
-- stays append-only for the app: only this migration, run by the table's owner inside the
-- migrations' transaction, sets the trigger aside for its one UPDATE and puts it back before
-- anyone else can see the table again. Entries are masked, never removed or otherwise changed.
CREATE FUNCTION "audit_log_mask_personal"("value" jsonb, "person" boolean, "keep" text[]) RETURNS jsonb
	LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	"out" jsonb := '{}'::jsonb;
	"k" text;
	"v" jsonb;
BEGIN
	IF "value" IS NULL THEN
		RETURN NULL;
	ELSIF jsonb_typeof("value") = 'array' THEN
		SELECT coalesce(jsonb_agg(audit_log_mask_personal("e", "person", '{}') ORDER BY "i"), '[]'::jsonb)
			INTO "out" FROM jsonb_array_elements("value") WITH ORDINALITY AS "a"("e", "i");
		RETURN "out";
	ELSIF jsonb_typeof("value") <> 'object' THEN
		RETURN "value";
	END IF;
	FOR "k", "v" IN SELECT * FROM jsonb_each("value") LOOP
		IF "k" = ANY ("keep") THEN
			"out" := "out" || jsonb_build_object("k", "v");
		ELSIF "k" ~* '^(email|cpf|phone|whatsapp|photo_?url|contact)$'
			OR "k" ~* '^(customer|user|employee|employer|professional|manager|owner|tutor|recipient)_?(name|email|cpf|phone)$'
			OR ("person" AND "k" = 'name') THEN
			"out" := "out" || jsonb_build_object("k", '(dado pessoal)'::text);
		ELSE
			"out" := "out" || jsonb_build_object("k",
				audit_log_mask_personal("v", "k" ~* '^(user|customer|employee|employer|professional|manager|owner|tutor|recipient|staff)s?$', '{}'));
		END IF;
	END LOOP;
	RETURN "out";
END
$$;
--> statement-breakpoint
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_change";
--> statement-breakpoint
UPDATE "audit_log" SET
	"before" = audit_log_mask_personal("before", "entity" IN ('user', 'employee'),
		CASE WHEN "entity" = 'store' THEN ARRAY['phone'] ELSE '{}' END),
	"after" = audit_log_mask_personal("after", "entity" IN ('user', 'employee'),
		CASE WHEN "entity" = 'store' THEN ARRAY['phone'] ELSE '{}' END)
WHERE "before" IS DISTINCT FROM audit_log_mask_personal("before", "entity" IN ('user', 'employee'),
		CASE WHEN "entity" = 'store' THEN ARRAY['phone'] ELSE '{}' END)
	OR "after" IS DISTINCT FROM audit_log_mask_personal("after", "entity" IN ('user', 'employee'),
		CASE WHEN "entity" = 'store' THEN ARRAY['phone'] ELSE '{}' END);
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_change";
--> statement-breakpoint
DROP FUNCTION "audit_log_mask_personal"(jsonb, boolean, text[]);
