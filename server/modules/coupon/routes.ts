import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { couponCode } from "../../../core/coupon-code.ts";
import { translate } from "../../../core/i18n/index.ts";
import { PageQuery } from "../../../core/list-query.ts";
import { requireCustomer } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";
import type { CouponService } from "./service.ts";

const codeList = () => z.array(couponCode()).min(1).max(20);
const CouponCodes = z.object({ couponCodes: codeList() });
const PromoCodes = z.object({ promoCodes: codeList() });
const CodeParam = z.object({ code: couponCode() });
const WalletQuery = PageQuery.extend({
  state: z.enum(["available", "used", "expired"]).default("available"),
});

// Coupons and promo codes (spec 7 "POST {token} couponCodes / promoCodes / {code}", paths not given; ADR 0105).
export function couponRoutes(app: FastifyInstance, services: { coupon: CouponService }) {
  app.post("/o2mkt/v1/pub/coupons/by-codes", { schema: { body: CouponCodes } }, async (request) => {
    const { couponCodes } = parseInput(CouponCodes, request.body);
    const customer = await request.ctx.customer();
    return services.coupon.byCodes(
      couponCodes,
      "COUPON",
      request.ctx.locale,
      customer?.id,
      request.ctx.currency,
    );
  });

  app.post("/o2mkt/v1/pub/promo-codes/by-codes", { schema: { body: PromoCodes } }, async (request) => {
    const { promoCodes } = parseInput(PromoCodes, request.body);
    return services.coupon.byCodes(
      promoCodes,
      "PROMO_CODE",
      request.ctx.locale,
      undefined,
      request.ctx.currency,
    );
  });

  app.post("/o2mkt/v1/customer/coupons/:code/receive", { schema: { params: CodeParam } }, async (request) => {
    const customer = await requireCustomer(request);
    const { code } = parseInput(CodeParam, request.params);
    const received = await services.coupon.receive(customer.id, code);
    return { ...received, message: translate(request.ctx.locale, "purchase.coupon.received") };
  });

  app.get("/o2mkt/v1/customer/coupons", { schema: { querystring: WalletQuery } }, async (request) => {
    const customer = await requireCustomer(request);
    const query = parseInput(WalletQuery, request.query);
    return services.coupon.wallet(customer.id, query.state, query.page, query.size, request.ctx.locale);
  });
}
