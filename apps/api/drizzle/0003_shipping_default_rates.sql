-- A starting delivery table, by distance from the shop in São Paulo; the admin replaces it in /admin/shipping.
INSERT INTO "shipping_settings" ("id", "free_above_cents") VALUES (1, 19900) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "shipping_rates" ("uf", "price_cents", "days") VALUES
  ('SP', 1590, 3),
  ('RJ', 1990, 5), ('MG', 1990, 5), ('ES', 1990, 5),
  ('PR', 2490, 6), ('SC', 2490, 6), ('RS', 2490, 7),
  ('DF', 2990, 7), ('GO', 2990, 7), ('MS', 2990, 8), ('MT', 2990, 8),
  ('BA', 3490, 9), ('SE', 3490, 10), ('AL', 3490, 10), ('PE', 3490, 10), ('PB', 3490, 10),
  ('RN', 3490, 10), ('CE', 3490, 10), ('PI', 3490, 11), ('MA', 3490, 11),
  ('PA', 3990, 12), ('AP', 3990, 14), ('AM', 3990, 14), ('RR', 3990, 15), ('AC', 3990, 15),
  ('RO', 3990, 13), ('TO', 3990, 11)
ON CONFLICT DO NOTHING;
