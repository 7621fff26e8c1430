import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseInput } from "../../http/validate.ts";
import type { Outbox } from "./outbox.ts";

const OutboxQuery = z.object({ to: z.string().min(1).max(300).optional() });

/** Outside production only: read the outbox, so developers and tests can see a code (architecture). */
export function messageDevRoutes(app: FastifyInstance, outbox: Outbox) {
  app.get("/__dev/outbox", { schema: { querystring: OutboxQuery } }, async (request) => {
    const query = parseInput(OutboxQuery, request.query);
    return { messages: await outbox.recent(query.to?.toLowerCase()) };
  });
}
