import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { INVITE_CODE_PATTERN } from "../../../core/ids.ts";
import { PageQuery } from "../../../core/list-query.ts";
import { INVITE_COOKIE, INVITE_COOKIE_MAX_AGE_S } from "../../../core/sfb.ts";
import { requireCustomer, sessionCookieAttributes } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";
import type { SfbService } from "./service.ts";

const CodeParam = z.object({ code: z.string().regex(INVITE_CODE_PATTERN) });

// Invite rewards and store credit (issue 11, ADRs 0240-0242), under the spec's /o2sfb prefix.
export function sfbRoutes(app: FastifyInstance, services: { sfb: SfbService }) {
  app.get("/o2sfb/v1/pub/rules", { schema: {} }, async (request) =>
    services.sfb.publicRules(request.ctx.locale),
  );

  // A friend's landing: who invited them and what they get. A valid code is kept in a cookie through sign-up.
  app.get("/o2sfb/v1/pub/landing/:code", { schema: { params: CodeParam } }, async (request, reply) => {
    const { code } = parseInput(CodeParam, request.params);
    const customer = await request.ctx.customer();
    const landing = await services.sfb.landing(code, request.ctx.locale, customer?.id);
    if (landing.status === "ok" && !customer)
      reply.setCookie(INVITE_COOKIE, code, {
        ...sessionCookieAttributes(request.ctx.secureCookies),
        maxAge: INVITE_COOKIE_MAX_AGE_S,
      });
    return landing;
  });

  app.get("/o2sfb/v1/customer/invites", { schema: {} }, async (request) => {
    const customer = await requireCustomer(request);
    return services.sfb.mine(customer.id, request.ctx.locale);
  });

  app.get("/o2sfb/v1/customer/credit", { schema: { querystring: PageQuery } }, async (request) => {
    const customer = await requireCustomer(request);
    const { page, size } = parseInput(PageQuery, request.query);
    return services.sfb.credit(customer.id, page, size);
  });
}
