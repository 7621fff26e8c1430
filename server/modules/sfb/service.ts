import { randomBytes } from "node:crypto";
import type { Locale } from "../../../core/constants.ts";
import { isInviteCode } from "../../../core/ids.ts";
import { formatPrice } from "../../../core/money.ts";
import type { Database } from "../../../db/client.ts";
import type { InviteState } from "../../../db/schema/index.ts";
import { ApiError } from "../../http/errors.ts";
import { CACHE_TAGS, type SharedCache } from "../../infra/cache.ts";
import type { CouponService } from "../coupon/service.ts";
import type { CreditService } from "../credit/service.ts";
import type { NotificationRecorder } from "../notification/recorder.ts";
import type { SfbRepo } from "./repo.ts";

/** The rules an operator can change, with their safe defaults (ADR 0242). */
export interface InviteRules {
  enabled: boolean;
  friendCouponCode: string | null;
  inviterRewardMinor: number;
  monthlyCap: number;
  holdDays: number;
}

export const DEFAULT_INVITE_RULES: InviteRules = {
  enabled: true,
  friendCouponCode: null,
  inviterRewardMinor: 3000,
  monthlyCap: 10,
  holdDays: 14,
};

/** The invite code alphabet: no 0/O, 1/I/L, so a code read aloud or typed from a QR caption stays right. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const DAY_MS = 86_400_000;

export function newInviteCode(): string {
  return Array.from(randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** An e-mail as a person owns it: lower case, no +tag, and Gmail ignores dots. */
export function canonicalEmail(email: string | null | undefined): string | null {
  if (!email) return null;
  const [local = "", domain = ""] = email.toLowerCase().split("@");
  let name = local.split("+")[0] ?? "";
  if (domain === "gmail.com" || domain === "googlemail.com") name = name.replaceAll(".", "");
  return `${name}@${domain === "googlemail.com" ? "gmail.com" : domain}`;
}

export interface InviteContact {
  id: string;
  email: string | null;
  phone: string | null;
  internationalTelCode: string | null;
  nickName: string | null;
}

/** Why an invitation was refused, or why an invite is void (translated as sfb.reason.<code>). */
export type InviteReason =
  | "attached"
  | "programmeOff"
  | "unknownCode"
  | "codeDisabled"
  | "selfInvite"
  | "sameContact"
  | "alreadyInvited"
  | "firstOrderPaid"
  | "rewarded"
  | "monthlyCap"
  | "friendRefunded"
  | "friendRefundedAfterReward";

export interface FriendView {
  nickname: string;
  state: InviteState;
  reason: string | null;
  invitedAt: string;
  rewardMinor: number | null;
  rewardedAt: string | null;
}

export interface SfbDeps {
  db: Database;
  repo: SfbRepo;
  cache: SharedCache;
  credit: CreditService;
  coupons: Pick<CouponService, "receive" | "byCodes">;
  /** The account module's contact of a customer (self-invite checks, nicknames). */
  contactOf: (customerId: string) => Promise<InviteContact | null>;
  notifications?: NotificationRecorder;
  clock?: () => Date;
}

const HKD = { currencySymbol: "HK$", minorDigits: 2 };

/** First day of the UTC month `now` is in. */
function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** A friend's name as the inviter sees it: the nickname, or a masked contact. */
function friendName(contact: InviteContact | null): string {
  if (!contact) return "—";
  if (contact.nickName) return contact.nickName;
  if (contact.email) {
    const [local = "", domain = ""] = contact.email.split("@");
    return `${local.slice(0, 2)}***@${domain}`;
  }
  return contact.phone ? `***${contact.phone.slice(-4)}` : "—";
}

/**
 * Invite rewards, "sfb" (issue 11, ADR 0242). A friend who signs up with a code gets the friend coupon; once
 * the friend's first paid order is completed, the inviter earns store credit (held before it can be spent),
 * within a monthly cap. A refund voids a pending reward and claws back a granted one. Every decision is recorded.
 */
export function createSfbService(deps: SfbDeps) {
  const { db, repo, credit } = deps;
  const clock = deps.clock ?? (() => new Date());

  const cachedRules = deps.cache.define("sfb-rules", {
    ttlS: 60,
    staleS: 3_600,
    tags: () => [CACHE_TAGS.sfb],
    load: async (_one: "rules") => rulesOf(await repo.settings()),
  });

  function rulesOf(row: Awaited<ReturnType<SfbRepo["settings"]>>): InviteRules {
    if (!row) return DEFAULT_INVITE_RULES;
    return {
      enabled: row.enabled,
      friendCouponCode: row.friendCouponCode,
      inviterRewardMinor: row.inviterRewardMinor,
      monthlyCap: row.monthlyCap,
      holdDays: row.holdDays,
    };
  }

  /** The rules through the shared cache (pages, sign-up); never inside a transaction (ADR 0176). */
  const rules = () => cachedRules("rules");

  async function ownCode(customerId: string) {
    const existing = await repo.codeOf(customerId);
    if (existing) return existing;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const made = await repo.insertCode(customerId, newInviteCode());
      if (made) return made;
      const raced = await repo.codeOf(customerId);
      if (raced) return raced;
    }
    throw new Error("could not make an invite code");
  }

  async function friendReward(locale: Locale, code: string | null) {
    if (!code) return null;
    const [coupon] = await deps.coupons.byCodes([code], "COUPON", locale);
    return coupon ? { code: coupon.code, name: coupon.name, valueLabel: coupon.valueLabel } : null;
  }

  async function publicRules(locale: Locale) {
    const current = await rules();
    return {
      enabled: current.enabled,
      friendReward: await friendReward(locale, current.friendCouponCode),
      inviterRewardMinor: current.inviterRewardMinor,
      inviterReward: formatPrice(current.inviterRewardMinor, HKD),
      monthlyCap: current.monthlyCap,
      holdDays: current.holdDays,
    };
  }

  const service = {
    rules,
    publicRules,

    /** The rules as stored, uncached (the console reads them inside its transaction, for the audit). */
    async storedRules(executor: Database = db) {
      return rulesOf(await repo.settings(executor));
    },

    /**
     * Changes the rules (the operator console, the sandbox tools). Without `tx` it drops the cached copy
     * everywhere itself; inside the caller's transaction the caller calls `rulesChanged()` after commit, so no
     * instance reloads the old rules before they are committed.
     */
    async updateRules(
      patch: Partial<Omit<InviteRules, "friendCouponCode">> & { friendCouponCode?: string | null },
      tx?: Database,
    ) {
      await repo.updateSettings(patch, tx ?? db);
      if (!tx) await deps.cache.invalidate([CACHE_TAGS.sfb]);
      return rulesOf(await repo.settings(tx ?? db));
    },

    /** Drops the cached rules (after an operator changes them). */
    async rulesChanged() {
      await deps.cache.invalidate([CACHE_TAGS.sfb]);
    },

    /** The shopper's own code, made on first use. */
    async codeFor(customerId: string) {
      const row = await ownCode(customerId);
      return { code: row.code, enabled: row.enabled };
    },

    /** What a friend's landing page shows: who invited them (nickname only) and what they get. */
    async landing(code: string, locale: Locale, viewerId?: string | null) {
      const current = await publicRules(locale);
      const row = isInviteCode(code) ? await repo.byCode(code) : undefined;
      if (!row) return { status: "unknown" as const, code, rules: current };
      if (!row.enabled || !current.enabled) return { status: "disabled" as const, code, rules: current };
      const inviter = await deps.contactOf(row.customerId);
      return {
        status: "ok" as const,
        code,
        rules: current,
        inviterNickname: inviter?.nickName ?? friendName(inviter),
        own: viewerId === row.customerId,
      };
    },

    /**
     * A new account signed up with an invite code (registration or social sign-in). Never throws for a rule:
     * a refusal is recorded with its reason and returned. Runs after the account's transaction committed.
     */
    async attach(friend: InviteContact, code: string): Promise<{ attached: boolean; reason: InviteReason }> {
      const current = await rules();
      const refuse = async (reason: InviteReason, inviterId: string | null = null) => {
        await repo.decide({ inviterId, friendId: friend.id, decision: "REFUSED", reason });
        return { attached: false, reason };
      };
      if (!current.enabled) return refuse("programmeOff");
      const owner = await repo.byCode(code.toUpperCase());
      if (!owner) return refuse("unknownCode");
      if (!owner.enabled) return refuse("codeDisabled", owner.customerId);
      if (owner.customerId === friend.id) return refuse("selfInvite", owner.customerId);
      const inviter = await deps.contactOf(owner.customerId);
      if (!inviter) return refuse("unknownCode", owner.customerId);
      const sameEmail =
        canonicalEmail(friend.email) !== null &&
        canonicalEmail(friend.email) === canonicalEmail(inviter.email);
      const samePhone =
        !!friend.phone &&
        friend.phone === inviter.phone &&
        friend.internationalTelCode === inviter.internationalTelCode;
      if (sameEmail || samePhone) return refuse("sameContact", owner.customerId);
      const invite = await repo.insertInvite({
        inviterId: owner.customerId,
        friendId: friend.id,
        code: owner.code,
        state: "SIGNED_UP",
      });
      if (!invite) return refuse("alreadyInvited", owner.customerId);
      await repo.decide({
        inviteId: invite.id,
        inviterId: owner.customerId,
        friendId: friend.id,
        decision: "ATTACHED",
        reason: "attached",
      });
      if (current.friendCouponCode) {
        try {
          await deps.coupons.receive(friend.id, current.friendCouponCode);
          await repo.decide({
            inviteId: invite.id,
            inviterId: owner.customerId,
            friendId: friend.id,
            decision: "FRIEND_COUPON",
            reason: "couponGiven",
          });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          await repo.decide({
            inviteId: invite.id,
            inviterId: owner.customerId,
            friendId: friend.id,
            decision: "FRIEND_COUPON",
            reason: error.code.slice(0, 48),
          });
        }
      }
      return { attached: true, reason: "attached" };
    },

    /** Order hook: the friend's first paid order is the one the reward waits for. */
    async orderPaid(tx: Database, order: { id: string; customerId: string }) {
      const invite = await repo.byFriend(order.customerId, tx);
      if (invite?.state !== "SIGNED_UP") return;
      await repo.update(invite.id, { state: "FIRST_ORDER_PAID", firstOrderId: order.id }, tx);
      await repo.decide(
        {
          inviteId: invite.id,
          inviterId: invite.inviterId,
          friendId: invite.friendId,
          decision: "FIRST_ORDER_PAID",
          reason: "firstOrderPaid",
          orderId: order.id,
        },
        tx,
      );
    },

    /** Order hook, in the completing transaction: the inviter's reward, within the monthly cap. */
    async orderCompleted(tx: Database, order: { id: string; customerId: string }) {
      const invite = await repo.byFriend(order.customerId, tx);
      if (!invite) return;
      const first =
        invite.state === "SIGNED_UP" ||
        (invite.state === "FIRST_ORDER_PAID" && invite.firstOrderId === order.id);
      if (!first) return;
      // The row itself, not the cache: this decides money, inside a transaction (ADR 0176).
      const current = rulesOf(await repo.settings(tx));
      const now = clock();
      const base = {
        inviteId: invite.id,
        inviterId: invite.inviterId,
        friendId: invite.friendId,
        orderId: order.id,
      };
      const voidIt = async (reason: InviteReason) => {
        await repo.update(invite.id, { state: "VOID", voidReason: reason, firstOrderId: order.id }, tx);
        await repo.decide({ ...base, decision: "VOIDED", reason }, tx);
      };
      if (!current.enabled) return voidIt("programmeOff");
      await repo.lockInviter(invite.inviterId, tx);
      if ((await repo.rewardedSince(invite.inviterId, monthStart(now), tx)) >= current.monthlyCap)
        return voidIt("monthlyCap");
      const availableAt = new Date(now.getTime() + current.holdDays * DAY_MS);
      await credit.grant(tx, {
        customerId: invite.inviterId,
        amountMinor: current.inviterRewardMinor,
        kind: "EARNED",
        reason: "sfb.inviterReward",
        source: `sfb:${invite.id}`,
        idempotencyKey: `sfb:${invite.id}:reward`,
        availableAt,
      });
      await repo.update(
        invite.id,
        {
          state: "REWARDED",
          firstOrderId: order.id,
          rewardMinor: current.inviterRewardMinor,
          rewardedAt: now,
        },
        tx,
      );
      await repo.decide(
        { ...base, decision: "REWARDED", reason: "rewarded", amountMinor: current.inviterRewardMinor },
        tx,
      );
      await deps.notifications?.record(
        {
          customerId: invite.inviterId,
          kind: "INVITE_REWARD",
          params: {
            amount: formatPrice(current.inviterRewardMinor, HKD),
            date: availableAt.toISOString().slice(0, 10),
          },
          link: "/my/sfb",
          eventKey: `sfb-reward:${invite.id}`,
        },
        tx,
      );
    },

    /** Order hook, in the refund's transaction: voids a pending reward, claws back a granted one. */
    async orderRefunded(tx: Database, order: { id: string; customerId: string }) {
      const invite = await repo.byFriend(order.customerId, tx);
      if (!invite || invite.firstOrderId !== order.id) return;
      const base = {
        inviteId: invite.id,
        inviterId: invite.inviterId,
        friendId: invite.friendId,
        orderId: order.id,
      };
      if (invite.state === "FIRST_ORDER_PAID") {
        await repo.update(invite.id, { state: "VOID", voidReason: "friendRefunded" }, tx);
        await repo.decide({ ...base, decision: "VOIDED", reason: "friendRefunded" }, tx);
        return;
      }
      if (invite.state !== "REWARDED" || !invite.rewardMinor) return;
      const clawed = await credit.adjust(tx, {
        customerId: invite.inviterId,
        amountMinor: -invite.rewardMinor,
        reason: "sfb.clawback",
        source: `sfb:${invite.id}`,
        idempotencyKey: `sfb:${invite.id}:clawback`,
        clampToBalance: true,
      });
      await repo.update(invite.id, { state: "VOID", voidReason: "friendRefundedAfterReward" }, tx);
      await repo.decide(
        {
          ...base,
          decision: "CLAWED_BACK",
          reason: "friendRefundedAfterReward",
          amountMinor: clawed ? -clawed.entry.amountMinor : 0,
        },
        tx,
      );
    },

    /** /my/sfb: the code, the friends with their states and reasons, and the credit. */
    async mine(customerId: string, locale: Locale) {
      const [code, current, friends, balance, history] = await Promise.all([
        ownCode(customerId),
        publicRules(locale),
        repo.friendsOf(customerId),
        credit.balance(db, customerId),
        credit.history(customerId, 0, 50),
      ]);
      const contacts = await Promise.all(friends.map((f) => deps.contactOf(f.friendId)));
      return {
        code: code.code,
        codeEnabled: code.enabled,
        rules: current,
        friends: friends.map(
          (f, i): FriendView => ({
            nickname: friendName(contacts[i] ?? null),
            state: f.state,
            reason: f.voidReason,
            invitedAt: f.createdAt.toISOString(),
            rewardMinor: f.rewardMinor,
            rewardedAt: f.rewardedAt?.toISOString() ?? null,
          }),
        ),
        credit: balance,
        history: history.content,
      };
    },

    /** The credit balance and one page of its history (spec 3 page mode). */
    async credit(customerId: string, page: number, size: number) {
      const [balance, history] = await Promise.all([
        credit.balance(db, customerId),
        credit.history(customerId, page, size),
      ]);
      return { ...balance, history };
    },

    /** Every decision about a customer as inviter or friend, newest first (tests and operators). */
    decisionsOf(customerId: string) {
      return repo.decisionsOf(customerId);
    },
  };
  return service;
}

export type SfbService = ReturnType<typeof createSfbService>;
