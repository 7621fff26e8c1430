-- Issue 12 (ADR 0252): the welcome coupon the home page advertises is given to every new account.
UPDATE "coupon" SET "welcome_gift" = true WHERE "code" = 'WELCOME10' AND "marketing_type" = 'COUPON';
