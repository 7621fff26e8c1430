import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { couponCode } from "../../../core/coupon-code.ts";
import type { Database } from "../../../db/client.ts";
import type { Merch } from "../../console-merch.ts";
import { notFound } from "../../http/errors.ts";
import { parseInput } from "../../http/validate.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { CACHE_TAGS } from "../../infra/cache.ts";

const Params = z.object({ code: couponCode() });
const Body = z.object({ enabled: z.boolean() });

/**
 * Sandbox tools only (issue 30): `POST /__dev/coupons/{code}/enabled` switches a coupon on or off as an operator
 * would in the console. The seed enables no test coupon; a browser test that needs one (E2E-BELOW-MIN-84)
 * switches it on here first.
 */
export function couponDevRoutes(
  app: FastifyInstance,
  services: { cache: SharedCache; merch: Pick<Merch, "coupons" | "db">; sandbox: object | null },
) {
  if (!services.sandbox) return;
  const { merch } = services;
  app.post("/__dev/coupons/:code/enabled", { schema: { params: Params, body: Body } }, async (request) => {
    const { code } = parseInput(Params, request.params);
    const { enabled } = parseInput(Body, request.body);
    const changed = await merch.db.transaction((tx) =>
      merch.coupons.setEnabled(tx as unknown as Database, code, enabled),
    );
    if (!changed) throw notFound("consoleMerch.couponNotFound");
    await services.cache.invalidate([CACHE_TAGS.coupons]);
    return { code, enabled };
  });
}
