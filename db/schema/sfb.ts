import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { customers } from "./accounts.ts";
import { coupons } from "./coupons.ts";

// Invite rewards, "sfb" (issue 11, ADR 0242): codes, invitations, their decisions, and the programme's rules.

/** A shopper's own invite code, made the first time they open /my/sfb. Disabled codes land on a clear page. */
export const inviteCodes = pgTable(
  "invite_code",
  {
    customerId: uuid("customer_id")
      .primaryKey()
      .references(() => customers.id),
    code: varchar("code", { length: 16 }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("invite_code_code_key").on(t.code)],
);

export const INVITE_STATES = ["SIGNED_UP", "FIRST_ORDER_PAID", "REWARDED", "VOID"] as const;
export type InviteState = (typeof INVITE_STATES)[number];

/** One friend who signed up with an inviter's code. A friend is invited once, ever (unique friend). */
export const invites = pgTable(
  "invite",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inviterId: uuid("inviter_id")
      .notNull()
      .references(() => customers.id),
    friendId: uuid("friend_id")
      .notNull()
      .references(() => customers.id),
    code: varchar("code", { length: 16 }).notNull(),
    state: varchar("state", { length: 20 }).$type<InviteState>().notNull(),
    /** Why the invite is VOID (a reason code, shown to the inviter translated). */
    voidReason: varchar("void_reason", { length: 48 }),
    /** The friend's first paid order, the one the reward waits for. */
    firstOrderId: uuid("first_order_id"),
    /** The inviter's reward when it was granted, HKD cents. */
    rewardMinor: integer("reward_minor"),
    rewardedAt: timestamp("rewarded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invite_friend_key").on(t.friendId),
    index("invite_inviter_idx").on(t.inviterId, t.createdAt),
    index("invite_first_order_idx").on(t.firstOrderId),
  ],
);

/** Every decision the programme takes, with its reason (append-only by convention: only inserts). */
export const inviteDecisions = pgTable(
  "invite_decision",
  {
    id: serial("id").primaryKey(),
    inviteId: uuid("invite_id"),
    inviterId: uuid("inviter_id"),
    friendId: uuid("friend_id"),
    /** ATTACHED, REFUSED, FIRST_ORDER_PAID, REWARDED, VOIDED, CLAWED_BACK. */
    decision: varchar("decision", { length: 24 }).notNull(),
    reason: varchar("reason", { length: 48 }).notNull(),
    orderId: uuid("order_id"),
    amountMinor: integer("amount_minor"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("invite_decision_inviter_idx").on(t.inviterId, t.createdAt)],
);

/**
 * The programme's rules, one row (id 1) an operator may change; read through the shared cache by pages and
 * straight from the row inside the transactions that decide rewards. The friend's reward is a coupon.
 */
export const inviteSettings = pgTable(
  "invite_settings",
  {
    id: integer("id").primaryKey().default(1),
    enabled: boolean("enabled").notNull().default(true),
    /** The coupon a friend gets in their wallet on sign-up (amount or percentage off, one use). */
    friendCouponCode: varchar("friend_coupon_code", { length: 48 }).references(() => coupons.code),
    /** The inviter's store credit per rewarded friend, HKD cents. */
    inviterRewardMinor: integer("inviter_reward_minor").notNull().default(3000),
    /** Rewards per inviter per calendar month (UTC); further friends' rewards are void with reason monthlyCap. */
    monthlyCap: integer("monthly_cap").notNull().default(10),
    /** Days an earned reward is held before it can be spent. */
    holdDays: integer("hold_days").notNull().default(14),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("invite_settings_one_row", sql`${t.id} = 1`)],
);
