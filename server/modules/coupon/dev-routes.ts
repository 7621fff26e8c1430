import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { couponCode } from "../../../core/coupon-code.ts";
import { notFound } from "../../http/errors.ts";
import { parseInput } from "../../http/validate.ts";
import type { MarketingConsole } from "./console-service.ts";

const Params = z.object({ code: couponCode() });
const Body = z.object({ enabled: z.boolean() });

/**
 * Sandbox tools only (issue 30): `POST /__dev/coupons/{code}/enabled` switches a coupon on or off as an operator
 * would in the console. The seed enables no test coupon; a browser test that needs one (E2E-BELOW-MIN-84)
 * switches it on here first.
 */
export function couponDevRoutes(
  app: FastifyInstance,
  services: { marketingConsole: Pick<MarketingConsole, "switchForSandbox">; sandbox: object | null },
) {
  if (!services.sandbox) return;
  const { marketingConsole } = services;
  app.post("/__dev/coupons/:code/enabled", { schema: { params: Params, body: Body } }, async (request) => {
    const { code } = parseInput(Params, request.params);
    const { enabled } = parseInput(Body, request.body);
    if (!(await marketingConsole.switchForSandbox(code, enabled)))
      throw notFound("consoleMerch.couponNotFound");
    return { code, enabled };
  });
}
