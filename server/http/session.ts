import type { FastifyReply, FastifyRequest } from "fastify";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from "../../core/constants.ts";
import type { CurrentCustomer, IssuedTokens } from "../modules/account/sessions.ts";
import { ApiError } from "./errors.ts";

export interface SessionToken {
  token: string;
  via: "bearer" | "cookie";
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

/** The refresh cookie counts only when the client does not authenticate with a header (ADR 0092). */
export function readRefreshToken(request: FastifyRequest): string | null {
  if (request.headers.authorization) return null;
  return request.cookies?.[REFRESH_TOKEN_COOKIE] || null;
}

export async function requireCustomer(request: FastifyRequest): Promise<CurrentCustomer> {
  const customer = await request.ctx.customer();
  if (!customer) throw new ApiError(401, "error.unauthorized");
  return customer;
}

/**
 * The attributes of both session cookies, whether the API or a page sets them: HttpOnly, SameSite=Lax, the
 * whole site, and Secure outside localhost (ADR 0062), so local development and the tests' servers work over
 * plain http.
 */
export function sessionCookieAttributes(secure: boolean) {
  return { httpOnly: true, sameSite: "lax" as const, secure, path: "/" };
}

/**
 * Native clients ask for tokens in the body with `x-auth-mode: bearer`; the web gets HttpOnly cookies and a
 * body without tokens, so no script can read them (architecture: security model).
 */
export function wantsBearerTokens(request: FastifyRequest): boolean {
  return request.headers["x-auth-mode"] === "bearer";
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens) {
  const base = sessionCookieAttributes(request.ctx.secureCookies);
  reply.setCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken, { ...base, maxAge: tokens.expiresIn });
  reply.setCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, { ...base, maxAge: tokens.refreshExpiresIn });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  const base = sessionCookieAttributes(request.ctx.secureCookies);
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
