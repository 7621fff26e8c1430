-- Issue 11: the invite programme's one settings row, with its safe defaults (the seed names the friend's coupon).
INSERT INTO "invite_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
