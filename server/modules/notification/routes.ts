import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { PageQuery } from "../../../core/list-query.ts";
import { NOTIFICATION_KINDS } from "../../../db/schema/index.ts";
import { requireCustomer } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";
import type { NotificationService } from "./service.ts";

const ReadBody = z.union([
  z.object({ all: z.literal(true) }),
  // Ids are int4 in the table: a larger number is refused here, not by the database (a 500).
  z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(100) }),
]);

const PreferencesBody = z.object({
  preferences: z
    .array(z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.boolean(), inApp: z.boolean() }))
    .min(1)
    .max(NOTIFICATION_KINDS.length),
});

export function notificationRoutes(app: FastifyInstance, services: { notifications: NotificationService }) {
  const notifications = services.notifications;

  // spec 2 /ucenter/push: the shopper's notices, newest first, in page mode (spec 3).
  app.get("/o2cum/v1/customer/notifications", { schema: { querystring: PageQuery } }, async (request) => {
    const customer = await requireCustomer(request);
    const query = parseInput(PageQuery, request.query);
    return notifications.list(customer.id, query, request.ctx.locale);
  });

  app.get("/o2cum/v1/customer/notifications/unread-count", async (request) => {
    const customer = await requireCustomer(request);
    return { count: await notifications.unreadCount(customer.id) };
  });

  app.post("/o2cum/v1/customer/notifications/read", { schema: { body: ReadBody } }, async (request) => {
    const customer = await requireCustomer(request);
    const body = parseInput(ReadBody, request.body);
    await notifications.markRead(customer.id, "ids" in body ? body.ids : null);
    return { count: await notifications.unreadCount(customer.id) };
  });

  app.get("/o2cum/v1/customer/notification-preferences", async (request) => {
    const customer = await requireCustomer(request);
    return { preferences: await notifications.preferences(customer.id) };
  });

  app.put(
    "/o2cum/v1/customer/notification-preferences",
    { schema: { body: PreferencesBody } },
    async (request) => {
      const customer = await requireCustomer(request);
      const body = parseInput(PreferencesBody, request.body);
      return { preferences: await notifications.savePreferences(customer.id, body.preferences) };
    },
  );
}
