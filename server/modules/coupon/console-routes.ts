import type { FastifyInstance } from "fastify";
import { adminRoute } from "../admin/route.ts";
import * as api from "./console-contract.ts";
import type { MarketingConsole } from "./console-service.ts";

// Marketing in the console (issue 16; ADR 0232): coupons and promo codes, campaigns by marketingCode, hot words
// and specific words. Each endpoint is its contract (console-contract.ts, ADR 0407); the use cases, with their
// transactions, audit entries and cache clearing, are the marketing console's (console-service.ts), which the
// coupon module builds (ADR 0420).

export function consoleMarketingRoutes(
  app: FastifyInstance,
  services: { marketingConsole: MarketingConsole },
) {
  const marketing = services.marketingConsole;

  adminRoute(app, api.listCoupons, ({ query }) => marketing.listCoupons(query));
  adminRoute(app, api.couponScopes, ({ query }) => marketing.couponScopes(query));
  adminRoute(app, api.getCoupon, ({ params }) => marketing.getCoupon(params.code));
  adminRoute(app, api.createCoupon, ({ operator, body }) => marketing.createCoupon(operator, body));
  adminRoute(app, api.updateCoupon, ({ operator, params, body }) =>
    marketing.updateCoupon(operator, params.code, body),
  );
  adminRoute(app, api.setCouponEnabled, ({ operator, params, body }) =>
    marketing.setCouponEnabled(operator, params.code, body.enabled),
  );
  adminRoute(app, api.listCampaigns, () => marketing.listCampaigns());
  adminRoute(app, api.getCampaign, ({ params }) => marketing.getCampaign(params.code));
  adminRoute(app, api.saveCampaign, ({ operator, params, body }) =>
    marketing.saveCampaign(operator, params.code, body),
  );
  adminRoute(app, api.listWords, ({ query }) => marketing.listWords(query.lang));
  adminRoute(app, api.setHotWords, ({ operator, body }) => marketing.setHotWords(operator, body));
  adminRoute(app, api.setSpecificWords, ({ operator, body }) => marketing.setSpecificWords(operator, body));
}
