import type { Locale } from "../../../core/constants.ts";
import { type MessageKey, translate } from "../../../core/i18n/index.ts";
import type { Database } from "../../../db/client.ts";
import { NOTIFICATION_KINDS, type NotificationKind } from "../../../db/schema/index.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { createPersonalCache, PERSONAL_TAGS } from "../../infra/personal-cache.ts";
import type { NotificationRepo } from "./repo.ts";

/** How long a shopper's unread count is kept at most (ADR 0283). */
export const UNREAD_COUNT_TTL_MS = 10_000;

/**
 * Kinds whose e-mail a shopper may switch off. Receipts and eSIM delivery (which carries the QR code) always go
 * by e-mail: they are what the shopper paid for (ADR 0204).
 */
export const OPTIONAL_EMAIL_KINDS: readonly NotificationKind[] = [
  "DATA_LOW",
  "PLAN_ENDED",
  "PROMOTION",
  "INVITE_REWARD",
];

export interface NotificationView {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  read: boolean;
}

export interface NotificationPreference {
  kind: NotificationKind;
  email: boolean;
  inApp: boolean;
  /** False for receipts and deliveries, which always go by e-mail. */
  emailOptional: boolean;
}

/** The notification centre (spec 2 /ucenter/push, ADR 0204). */
export function createNotificationService(
  repo: NotificationRepo,
  clock: () => Date = () => new Date(),
  /** Keeps each shopper's unread count a few seconds, dropped by every new or read notice (ADR 0283). */
  shared?: SharedCache,
) {
  const unread = shared
    ? createPersonalCache<string, number>(shared, {
        ttlMs: UNREAD_COUNT_TTL_MS,
        max: 10_000,
        tags: (_count, customerId) => [PERSONAL_TAGS.notices(customerId)],
      })
    : null;
  /** After the customer's notices changed (in a transaction: announced again by the settle window). */
  const changed = (customerId: string) => unread?.invalidate([PERSONAL_TAGS.notices(customerId)]);

  async function preferenceMap(customerId: string, executor?: Database) {
    const rows = await repo.preferences(customerId, executor);
    return new Map(rows.map((row) => [row.kind, row]));
  }

  return {
    /**
     * Records what the store told the shopper, in the caller's transaction, once per event. Skipped when the
     * shopper switched the kind off in the centre.
     */
    async record(
      input: {
        customerId: string | null;
        kind: NotificationKind;
        params: Record<string, string>;
        link?: string | null;
        eventKey: string;
      },
      executor?: Database,
    ) {
      if (!input.customerId) return;
      const preference = (await preferenceMap(input.customerId, executor)).get(input.kind);
      if (preference && !preference.inApp) return;
      try {
        await repo.insert(
          {
            customerId: input.customerId,
            kind: input.kind,
            params: input.params,
            link: input.link ?? null,
            eventKey: input.eventKey.slice(0, 128),
          },
          executor,
        );
      } finally {
        changed(input.customerId);
      }
    },

    /** Whether the shopper wants this kind by e-mail; always true for receipts and deliveries. */
    async emailWanted(customerId: string | null, kind: NotificationKind, executor?: Database) {
      if (!customerId || !OPTIONAL_EMAIL_KINDS.includes(kind)) return true;
      return (await preferenceMap(customerId, executor)).get(kind)?.email ?? true;
    },

    async list(customerId: string, query: { page: number; size: number }, locale: Locale) {
      const { rows, total } = await repo.page(customerId, query.page, query.size);
      const content: NotificationView[] = rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        title: translate(locale, `notify.${row.kind}.title` as MessageKey, row.params),
        body: translate(locale, `notify.${row.kind}.body` as MessageKey, row.params),
        link: row.link,
        createdAt: row.createdAt.toISOString(),
        read: row.readAt !== null,
      }));
      return { content, totalElements: total, numberOfElements: content.length };
    },

    async unreadCount(customerId: string): Promise<number> {
      if (!unread) return repo.unreadCount(customerId);
      return (await unread.get(customerId, (id) => repo.unreadCount(id))) ?? 0;
    },

    async markRead(customerId: string, ids: number[] | null) {
      try {
        await repo.markRead(customerId, ids, clock());
      } finally {
        changed(customerId);
      }
    },

    async preferences(customerId: string): Promise<NotificationPreference[]> {
      const stored = await preferenceMap(customerId);
      return NOTIFICATION_KINDS.map((kind) => ({
        kind,
        email: OPTIONAL_EMAIL_KINDS.includes(kind) ? (stored.get(kind)?.email ?? true) : true,
        inApp: stored.get(kind)?.inApp ?? true,
        emailOptional: OPTIONAL_EMAIL_KINDS.includes(kind),
      }));
    },

    async savePreferences(
      customerId: string,
      rows: { kind: NotificationKind; email: boolean; inApp: boolean }[],
    ) {
      await repo.savePreferences(
        customerId,
        rows.map((row) => ({ ...row, email: OPTIONAL_EMAIL_KINDS.includes(row.kind) ? row.email : true })),
      );
      return this.preferences(customerId);
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
