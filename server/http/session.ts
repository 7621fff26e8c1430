import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from "../../core/constants.ts";
import type { CurrentCustomer, IssuedTokens } from "../modules/account/sessions.ts";
import { ApiError } from "./errors.ts";

export interface SessionToken {
  token: string;
  via: "bearer" | "cookie";
}

declare module "fastify" {
  interface FastifyRequest {
    /** The access token this request carries, if any (bearer header first, then the cookie). */
    sessionToken: SessionToken | null;
    /** The logged-in customer, resolved once per request on first use. */
    customer(): Promise<CurrentCustomer | null>;
  }
}

/** Native apps send `Authorization: Bearer`; the web sends the HttpOnly cookie (ADR 0062). */
export function readSessionToken(request: FastifyRequest): SessionToken | null {
  const authorization = request.headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+([A-Za-z0-9_-]{16,200})$/i.exec(authorization);
    return match ? { token: match[1]!, via: "bearer" } : null;
  }
  const cookie = request.cookies?.[ACCESS_TOKEN_COOKIE];
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/** Every request can ask for its customer; routes that need one call requireCustomer. */
export function installSessionResolution(
  app: FastifyInstance,
  resolve: (accessToken: string) => Promise<CurrentCustomer | null>,
) {
  app.decorateRequest("sessionToken", null);
  app.decorateRequest("customer", async () => null);
  app.addHook("onRequest", async (request) => {
    const token = readSessionToken(request);
    request.sessionToken = token;
    let resolved: Promise<CurrentCustomer | null> | undefined;
    request.customer = () => {
      resolved ??= token ? resolve(token.token) : Promise.resolve(null);
      return resolved;
    };
  });
}

export async function requireCustomer(request: FastifyRequest): Promise<CurrentCustomer> {
  const customer = await request.customer();
  if (!customer) throw new ApiError(401, "error.unauthorized");
  return customer;
}

/** Secure outside localhost (ADR 0062), so local development and the tests' servers work over plain http. */
function secureCookies(request: FastifyRequest): boolean {
  return !["localhost", "127.0.0.1", "[::1]"].includes(request.hostname.replace(/:\d+$/, ""));
}

/**
 * Native clients ask for tokens in the body with `x-auth-mode: bearer`; the web gets HttpOnly cookies and a
 * body without tokens, so no script can read them (architecture: security model).
 */
export function wantsBearerTokens(request: FastifyRequest): boolean {
  return request.headers["x-auth-mode"] === "bearer";
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens) {
  const base = { httpOnly: true, sameSite: "lax" as const, secure: secureCookies(request), path: "/" };
  reply.setCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken, { ...base, maxAge: tokens.expiresIn });
  reply.setCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, { ...base, maxAge: tokens.refreshExpiresIn });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  const base = { httpOnly: true, sameSite: "lax" as const, secure: secureCookies(request), path: "/" };
  reply.clearCookie(ACCESS_TOKEN_COOKIE, base);
  reply.clearCookie(REFRESH_TOKEN_COOKIE, base);
}

/**
 * Hands tokens to the client the way it asked: in the body (bearer) or as cookies, leaving the body with the
 * non-secret login info spec 3 keeps (loginTime, expiresIn, user).
 */
export function deliverTokens<T extends Partial<IssuedTokens>>(
  request: FastifyRequest,
  reply: FastifyReply,
  result: T,
) {
  if (!result.accessToken || !result.refreshToken) return result;
  if (wantsBearerTokens(request)) return result;
  setSessionCookies(request, reply, result as T & IssuedTokens);
  const { accessToken: _a, refreshToken: _r, ...rest } = result;
  return rest;
}
