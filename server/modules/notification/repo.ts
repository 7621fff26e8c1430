import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import {
  customerNotifications,
  type NotificationKind,
  notificationPreferences,
} from "../../../db/schema/index.ts";

export function createNotificationRepo(db: Database) {
  return {
    /** Records a notice once per (customer, event); a repeat of the same event does nothing. */
    async insert(
      values: {
        customerId: string;
        kind: NotificationKind;
        params: Record<string, string>;
        link: string | null;
        eventKey: string;
      },
      executor: Database = db,
    ) {
      await executor.insert(customerNotifications).values(values).onConflictDoNothing();
    },

    async page(customerId: string, page: number, size: number) {
      const where = eq(customerNotifications.customerId, customerId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(customerNotifications)
          .where(where)
          .orderBy(desc(customerNotifications.createdAt), desc(customerNotifications.id))
          .limit(size)
          .offset(page * size),
        db.select({ n: count() }).from(customerNotifications).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async unreadCount(customerId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(customerNotifications)
        .where(and(eq(customerNotifications.customerId, customerId), isNull(customerNotifications.readAt)));
      return row?.n ?? 0;
    },

    /** Marks the customer's own notices read (all of them without ids); another customer's ids match nothing. */
    async markRead(customerId: string, ids: number[] | null, at: Date) {
      const own = and(eq(customerNotifications.customerId, customerId), isNull(customerNotifications.readAt));
      await db
        .update(customerNotifications)
        .set({ readAt: at })
        .where(ids ? and(own, inArray(customerNotifications.id, ids)) : own);
    },

    preferences(customerId: string, executor: Database = db) {
      return executor
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.customerId, customerId));
    },

    async savePreferences(
      customerId: string,
      rows: { kind: NotificationKind; email: boolean; inApp: boolean }[],
    ) {
      await db.transaction(async (tx) => {
        for (const row of rows) {
          await tx
            .insert(notificationPreferences)
            .values({ customerId, ...row })
            .onConflictDoUpdate({
              target: [notificationPreferences.customerId, notificationPreferences.kind],
              set: { email: row.email, inApp: row.inApp },
            });
        }
      });
    },
  };
}

export type NotificationRepo = ReturnType<typeof createNotificationRepo>;
