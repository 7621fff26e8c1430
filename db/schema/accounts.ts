import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

/** A picked address (spec 3: region, city, district codes) with the street line a billing address needs. */
export interface BillingAddress {
  regionCode: string;
  cityCode: string;
  districtCode: string;
  street: string;
}

/**
 * spec 3, 6: a shopper's account (user type C). Deleting an account anonymizes it (ADR 0063): the row stays so
 * orders and other rows that reference it keep their foreign key, but every personal field is cleared.
 */
export const customers = pgTable(
  "customer",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userType: varchar("user_type", { length: 4 }).notNull().default("C"),
    /** Lower-cased; null after anonymization or for phone-only accounts. */
    email: varchar("email", { length: 254 }),
    /** Digits only, without the country calling code. */
    phone: varchar("phone", { length: 20 }),
    /** Country calling code, digits only ("86", "852"). */
    internationalTelCode: varchar("international_tel_code", { length: 6 }),
    /** scrypt hash with its parameters (ADR 0061); null for accounts made by social sign-in only. */
    passwordHash: text("password_hash"),
    nickName: varchar("nick_name", { length: 64 }),
    loginName: varchar("login_name", { length: 254 }),
    defaultLanguage: varchar("default_language", { length: 8 }),
    preferenceCurrency: varchar("preference_currency", { length: 3 }),
    /** The terms (legal_document tacCondition) version in force when the account was made (ADR 0200). */
    acceptedTermsVersion: integer("accepted_terms_version"),
    /** The billing address the invoice shows (ADR 0215): codes from the address tree plus a street line. */
    billingAddress: jsonb("billing_address").$type<BillingAddress>(),
    /** ACTIVE | DELETED */
    status: varchar("status", { length: 16 }).notNull().default("ACTIVE"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    anonymizedAt: timestamp("anonymized_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("customer_email_key").on(table.email),
    uniqueIndex("customer_phone_key").on(table.internationalTelCode, table.phone),
  ],
);

/** A Google, Apple or Facebook account linked to a customer (spec 4 social login). */
export const customerSocialIdentities = pgTable(
  "customer_social_identity",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    provider: varchar("provider", { length: 16 }).notNull(),
    subject: varchar("subject", { length: 255 }).notNull(),
    email: varchar("email", { length: 254 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("customer_social_identity_provider_subject_key").on(table.provider, table.subject),
    index("customer_social_identity_customer_idx").on(table.customerId),
  ],
);

/**
 * A login session. Only SHA-256 hashes of the tokens are kept (ADR 0062). Every session made by refreshing
 * shares the familyId of the login it came from, so a reused refresh token can end the whole family.
 */
export const customerSessions = pgTable(
  "customer_session",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    familyId: uuid("family_id").notNull(),
    accessTokenHash: varchar("access_token_hash", { length: 64 }).notNull(),
    refreshTokenHash: varchar("refresh_token_hash", { length: 64 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp("refresh_expires_at", { withTimezone: true }).notNull(),
    rotatedFrom: uuid("rotated_from"),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    /**
     * Once rotated: the next session's token pair, AES-GCM encrypted with a key derived from this session's
     * refresh token (which only its holder has), so a second tab presenting the same refresh token within the
     * reuse grace window gets the same pair (ADR 0068). Cleared when that window can no longer apply.
     */
    successorTokens: text("successor_tokens"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: varchar("user_agent", { length: 512 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("customer_session_access_token_hash_key").on(table.accessTokenHash),
    uniqueIndex("customer_session_refresh_token_hash_key").on(table.refreshTokenHash),
    index("customer_session_customer_idx").on(table.customerId),
    index("customer_session_family_idx").on(table.familyId),
  ],
);

/** A six-digit code sent by e-mail or SMS (spec 5): hashed, single use, 10 minutes, limited attempts. */
export const verificationCodes = pgTable(
  "verification_code",
  {
    /** Returned to the client as captchaKey. */
    id: varchar("id", { length: 64 }).primaryKey(),
    /** "email:<address>" or "phone:<code>-<digits>". */
    target: varchar("target", { length: 300 }).notNull(),
    /** REGISTER | LOGIN | RESET_PASSWORD | DELETE_ACCOUNT */
    purpose: varchar("purpose", { length: 16 }).notNull(),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("verification_code_target_idx").on(table.target, table.purpose, table.createdAt)],
);

/**
 * Key pairs the server keeps across restarts and instances, e.g. the RSA-OAEP key passwords are encrypted
 * with in transit (ADR 0061). Every instance reads the same row, so any of them can decrypt.
 */
export const serverKeyPairs = pgTable("server_key_pair", {
  name: varchar("name", { length: 64 }).primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
