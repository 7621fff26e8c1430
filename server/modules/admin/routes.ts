import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { personName } from "../../../core/forms/fields.ts";
import { openApiDocuments } from "../../http/openapi.ts";
import { captchaDigits, opaqueKey } from "../account/inputs.ts";
import { ROLES } from "./permissions.ts";
import {
  adminRoute,
  OPERATOR_CHALLENGE_COOKIE,
  OPERATOR_SESSION_COOKIE,
  operatorCookieAttributes,
} from "./route.ts";
import type { AdminService } from "./service.ts";
import { CONSOLE_LANGUAGES } from "./service.ts";

const Email = z.string().trim().toLowerCase().email().max(254);
const Code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "validation.invalid");
const Token = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "validation.invalid");
const IdParam = z.object({ id: z.uuid() });

export const AuditQuery = z.object({
  entity: z.string().trim().max(64).optional(),
  entityId: z.string().trim().max(128).optional(),
  operatorId: z.uuid().optional(),
  action: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});

/** Sign-in, enrolment, the signed-in operator, operators (owner) and the audit log (ADRs 0221-0223). */
export function adminCoreRoutes(app: FastifyInstance, services: { admin: AdminService }) {
  const { admin } = services;

  adminRoute(app, {
    method: "POST",
    url: "/auth/login",
    permission: "public",
    unaudited: "the password step: a signed challenge cookie, no store data",
    schema: {
      body: z.object({
        email: Email,
        password: z.string().min(1).max(256),
        // ADR 0312: the image captcha a sign-in to an operator under attack asks for.
        captcha: captchaDigits().optional(),
        captchaKey: opaqueKey().optional(),
      }),
    },
    handler: async ({ request, reply, body }) => {
      const { challenge } = await admin.passwordStep(body.email, body.password, request.ip, {
        captcha: body.captcha,
        captchaKey: body.captchaKey,
      });
      reply.setCookie(OPERATOR_CHALLENGE_COOKIE, challenge, {
        ...operatorCookieAttributes(request.ctx.secureCookies),
        maxAge: 300,
      });
      return { next: "totp" };
    },
  });

  adminRoute(app, {
    method: "POST",
    url: "/auth/captcha",
    permission: "public",
    unaudited: "an image captcha for the sign-in page (ADR 0312), no store data",
    handler: async ({ request }) => admin.signInCaptcha(request.ip),
  });

  adminRoute(app, {
    method: "POST",
    url: "/auth/totp",
    permission: "public",
    unaudited: "a sign-in: the session table records it, no store data changes",
    schema: { body: z.object({ code: Code }) },
    handler: async ({ request, reply, body }) => {
      const result = await admin.totpStep(request.cookies?.[OPERATOR_CHALLENGE_COOKIE], body.code);
      const attributes = operatorCookieAttributes(request.ctx.secureCookies);
      reply.clearCookie(OPERATOR_CHALLENGE_COOKIE, attributes);
      reply.setCookie(OPERATOR_SESSION_COOKIE, result.token, { ...attributes, maxAge: result.maxAgeS });
      return { operator: result.operator };
    },
  });

  adminRoute(app, {
    method: "POST",
    url: "/auth/enrolment/open",
    permission: "public",
    unaudited: "reads the invitation a one-time link names",
    schema: { body: z.object({ token: Token }) },
    handler: async ({ body }) => admin.openEnrolment(body.token),
  });

  adminRoute(app, {
    method: "POST",
    url: "/auth/enrolment/complete",
    permission: "public",
    schema: { body: z.object({ token: Token, password: z.string().min(1).max(256), code: Code }) },
    handler: async ({ request, reply, body }) => {
      const result = await admin.completeEnrolment(body.token, body.password, body.code);
      reply.setCookie(OPERATOR_SESSION_COOKIE, result.token, {
        ...operatorCookieAttributes(request.ctx.secureCookies),
        maxAge: result.maxAgeS,
      });
      return { operator: result.operator };
    },
  });

  adminRoute(app, {
    method: "POST",
    url: "/auth/logout",
    permission: "self",
    unaudited: "a sign-out ends the operator's own session, no store data",
    handler: async ({ request, reply }) => {
      const token = request.cookies?.[OPERATOR_SESSION_COOKIE];
      if (token) await admin.signOut(token);
      reply.clearCookie(OPERATOR_SESSION_COOKIE, operatorCookieAttributes(request.ctx.secureCookies));
      return { signedOut: true };
    },
  });

  adminRoute(app, {
    method: "GET",
    url: "/me",
    permission: "self",
    handler: async ({ operator }) => ({ ...operator, permissions: admin.permissionsOf(operator.role) }),
  });

  // ADR 0313: the console API's OpenAPI document, for signed-in operators only (the public one lists the shop's).
  adminRoute(app, {
    method: "GET",
    url: "/openapi.json",
    permission: "self",
    handler: async ({ request }) => openApiDocuments(request.server).console,
  });

  adminRoute(app, {
    method: "PUT",
    url: "/me/language",
    permission: "self",
    schema: { body: z.object({ language: z.enum(CONSOLE_LANGUAGES) }) },
    handler: async ({ operator, body }) => admin.setLanguage(operator, body.language),
  });

  adminRoute(app, {
    method: "GET",
    url: "/operators",
    permission: "operators.manage",
    handler: async () => ({ operators: await admin.listOperators() }),
  });

  adminRoute(app, {
    method: "POST",
    url: "/operators",
    permission: "operators.manage",
    schema: {
      body: z.object({ email: Email, displayName: personName(64), role: z.enum(ROLES) }),
    },
    handler: async ({ operator, body }) => admin.invite(operator, body),
  });

  adminRoute(app, {
    method: "POST",
    url: "/operators/:id/invitation",
    permission: "operators.manage",
    schema: { params: IdParam },
    handler: async ({ operator, params }) => admin.reinvite(operator, params.id),
  });

  adminRoute(app, {
    method: "PATCH",
    url: "/operators/:id",
    permission: "operators.manage",
    schema: {
      params: IdParam,
      body: z.object({
        role: z.enum(ROLES).optional(),
        status: z.enum(["ACTIVE", "DISABLED"]).optional(),
        displayName: personName(64).optional(),
      }),
    },
    handler: async ({ operator, params, body }) => admin.updateOperator(operator, params.id, body),
  });

  adminRoute(app, {
    method: "GET",
    url: "/audit",
    permission: "audit.read",
    schema: { querystring: AuditQuery },
    handler: async ({ query }) => admin.audit(query),
  });
}
