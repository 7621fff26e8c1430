import type { FastifyInstance } from "fastify";
import { openApiDocuments } from "../../http/openapi.ts";
import * as api from "./console-contract.ts";
import { createAdminConsole } from "./console-service.ts";
import {
  adminRoute,
  OPERATOR_CHALLENGE_COOKIE,
  OPERATOR_SESSION_COOKIE,
  operatorCookieAttributes,
} from "./route.ts";
import type { AdminService } from "./service.ts";

/**
 * Sign-in, enrolment, the signed-in operator, operators (owner) and the audit log (ADRs 0221-0223). Each endpoint is
 * its contract (console-contract.ts, ADR 0411); the use cases are the admin console's, and a handler only sets or
 * clears the operator's cookies around them.
 */
export function adminCoreRoutes(app: FastifyInstance, services: { admin: AdminService }) {
  const admin = createAdminConsole(services.admin);

  adminRoute(app, api.signIn, async ({ request, reply, body }) => {
    const { challenge } = await admin.signIn(body, request.ip);
    reply.setCookie(OPERATOR_CHALLENGE_COOKIE, challenge, {
      ...operatorCookieAttributes(request.ctx.secureCookies),
      maxAge: 300,
    });
    return { next: "totp" };
  });

  adminRoute(app, api.signInCaptcha, ({ request }) => admin.signInCaptcha(request.ip));

  adminRoute(app, api.verifyCode, async ({ request, reply, body }) => {
    const result = await admin.verifyCode(request.cookies?.[OPERATOR_CHALLENGE_COOKIE], body.code);
    const attributes = operatorCookieAttributes(request.ctx.secureCookies);
    reply.clearCookie(OPERATOR_CHALLENGE_COOKIE, attributes);
    reply.setCookie(OPERATOR_SESSION_COOKIE, result.token, { ...attributes, maxAge: result.maxAgeS });
    return { operator: result.operator };
  });

  adminRoute(app, api.openEnrolment, ({ body }) => admin.openEnrolment(body.token));

  adminRoute(app, api.completeEnrolment, async ({ request, reply, body }) => {
    const result = await admin.completeEnrolment(body);
    reply.setCookie(OPERATOR_SESSION_COOKIE, result.token, {
      ...operatorCookieAttributes(request.ctx.secureCookies),
      maxAge: result.maxAgeS,
    });
    return { operator: result.operator };
  });

  adminRoute(app, api.signOut, async ({ request, reply }) => {
    const answer = await admin.signOut(request.cookies?.[OPERATOR_SESSION_COOKIE]);
    reply.clearCookie(OPERATOR_SESSION_COOKIE, operatorCookieAttributes(request.ctx.secureCookies));
    return answer;
  });

  adminRoute(app, api.me, async ({ operator }) => admin.me(operator));

  // ADR 0313: the console API's OpenAPI document, for signed-in operators only (the public one lists the shop's).
  adminRoute(app, api.openApi, async ({ request }) => openApiDocuments(request.server).console);

  adminRoute(app, api.setLanguage, ({ operator, body }) => admin.setLanguage(operator, body.language));

  adminRoute(app, api.listOperators, () => admin.listOperators());
  adminRoute(app, api.inviteOperator, ({ operator, body }) => admin.invite(operator, body));
  adminRoute(app, api.reinviteOperator, ({ operator, params }) => admin.reinvite(operator, params.id));
  adminRoute(app, api.updateOperator, ({ operator, params, body }) =>
    admin.updateOperator(operator, params.id, body),
  );

  adminRoute(app, api.listAudit, ({ query }) => admin.audit(query));
}
