import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { ApiError } from "../../http/errors.ts";
import { parseInput } from "../../http/validate.ts";
import { withAuditScope } from "./audit-scope.ts";
import {
  type AnyConsoleContract,
  CONSOLE_API_PREFIX,
  type ContractBody,
  type ContractParams,
  type ContractQuery,
} from "./contract.ts";
import { type Access, can } from "./permissions.ts";
import type { AdminService, CurrentOperator } from "./service.ts";

/** Where the console's API lives (issue 16). */
export const ADMIN_API_PREFIX = CONSOLE_API_PREFIX;
/** The operator's session cookie: its own name, HttpOnly, SameSite=Strict, whole site (ADR 0221). */
export const OPERATOR_SESSION_COOKIE = "o2adm_sid";
/** The password step's signed challenge, waiting for the TOTP code (five minutes). */
export const OPERATOR_CHALLENGE_COOKIE = "o2adm_step";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in operator on a console API call (`/o2adm/...`); null otherwise. */
    operator: CurrentOperator | null;
  }
}

export interface AdminEndpoint {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  permission: Access;
}

/**
 * Every console endpoint, as registered (keyed "METHOD url"). The permission-matrix test walks it, so an
 * endpoint added anywhere through adminRoute is covered by that test without listing it again.
 */
export const ADMIN_ENDPOINTS = new Map<string, AdminEndpoint>();

export interface AdminHandlerContext<P, Q, B> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in operator (for a "public" endpoint: whoever is signed in, possibly nobody). */
  operator: CurrentOperator;
  params: P;
  query: Q;
  body: B;
}

/** What registerAdminRoute takes: a contract's fields under the names Fastify's route uses. */
interface AdminRouteDefinition<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: AdminEndpoint["method"];
  /** Under ADMIN_API_PREFIX, e.g. "/orders/:code" becomes /o2adm/v1/orders/:code. */
  url: string;
  permission: Access;
  /** A larger body than the app's 1 MB (an uploaded file); bytes. */
  bodyLimit?: number;
  schema?: { params?: P; querystring?: Q; body?: B };
  /**
   * Why a POST, PUT, PATCH or DELETE changes nothing the audit log should hold (a sign-in, a dry run, a
   * preview). Without it, an answer of 2xx that recorded no audit entry is a defect: a 500 in development and
   * tests (and with CONSOLE_AUDIT_STRICT=true), an error in the log in production (the change has committed).
   */
  unaudited?: string;
  handler: (context: AdminHandlerContext<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<unknown>;
}

/** A contract endpoint's handler: what the contract's schemas parsed, and the answer its response schema describes. */
export type ContractHandler<C extends AnyConsoleContract> = (
  context: AdminHandlerContext<ContractParams<C>, ContractQuery<C>, ContractBody<C>>,
) => Promise<unknown>;

/**
 * Registers one console endpoint from its contract (ADRs 0222, 0407): the operator's session and the permission are
 * checked first (401 without a session, 403 without the permission), then the input is validated with the
 * contract's zod schemas, which are also declared on the route for the OpenAPI document. Errors are
 * {failed, code, message} as everywhere. Outside production every 2xx answer is checked against the contract's
 * response schema: an answer its pages would not parse is a 500 in tests.
 */
export function adminRoute<C extends AnyConsoleContract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
): void {
  const response = contract.response as z.ZodType;
  registerAdminRoute(app, {
    method: contract.method,
    url: contract.path,
    permission: contract.permission,
    ...(contract.bodyLimit ? { bodyLimit: contract.bodyLimit } : {}),
    ...(contract.unaudited ? { unaudited: contract.unaudited } : {}),
    schema: {
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
    },
    response,
    handler: handler as AdminRouteDefinition["handler"],
  });
}

/** Outside production an answer that breaks its contract fails loudly (CONSOLE_CONTRACT_STRICT=true forces it). */
function contractStrict() {
  return process.env.NODE_ENV !== "production" || process.env.CONSOLE_CONTRACT_STRICT === "true";
}

function registerAdminRoute(
  app: FastifyInstance,
  definition: AdminRouteDefinition & { response?: z.ZodType },
) {
  const url = `${ADMIN_API_PREFIX}${definition.url}`;
  const { permission, schema = {} } = definition;
  ADMIN_ENDPOINTS.set(`${definition.method} ${url}`, { method: definition.method, url, permission });
  app.route({
    method: definition.method,
    url,
    ...(definition.bodyLimit ? { bodyLimit: definition.bodyLimit } : {}),
    // The answer's JSON Schema rides along for the OpenAPI document only (server/http/openapi.ts reads it).
    schema: {
      ...schema,
      tags: ["console"],
      ...(definition.response ? { "x-response": definition.response } : {}),
    },
    handler: async (request, reply) => {
      const operator = request.operator;
      if (permission !== "public") {
        if (!operator) throw new ApiError(401, "adminApi.signInRequired");
        if (!can(operator.role, permission)) throw new ApiError(403, "adminApi.forbidden");
      }
      const params = schema.params ? parseInput(schema.params, request.params) : request.params;
      const query = schema.querystring ? parseInput(schema.querystring, request.query) : request.query;
      const body = schema.body ? parseInput(schema.body, request.body) : request.body;
      const run = async () => {
        const answer = await definition.handler({
          request,
          reply,
          operator: operator as CurrentOperator,
          params,
          query,
          body,
        });
        if (definition.response && reply.statusCode < 300 && !reply.sent && contractStrict()) {
          const checked = definition.response.safeParse(
            answer === undefined ? undefined : JSON.parse(JSON.stringify(answer)),
          );
          if (!checked.success)
            throw new Error(
              `console answer ${definition.method} ${url} breaks its contract: ${JSON.stringify(checked.error.issues.slice(0, 5))}`,
            );
        }
        return answer;
      };
      if (definition.method === "GET" || definition.unaudited) return run();
      const { done, accounted } = withAuditScope(run);
      const answer = await done;
      if (reply.statusCode < 300 && !accounted()) {
        const message = `console change ${definition.method} ${url} answered ${reply.statusCode} without an audit entry`;
        // The browser tests' production server is strict too (CONSOLE_AUDIT_STRICT, e2e/global-setup.ts).
        const strict = process.env.NODE_ENV !== "production" || process.env.CONSOLE_AUDIT_STRICT === "true";
        if (!strict) request.log.error({ url: request.url }, message);
        else throw new Error(message);
      }
      return answer;
    },
  });
}

/** The console API's paths. */
export function isAdminApiPath(pathname: string): boolean {
  return pathname === "/o2adm" || pathname.startsWith("/o2adm/");
}

/**
 * Reads the operator's session cookie on console API calls only, and never a shopper's token: the two realms
 * never cross (a shopper's session cannot open the console, and this cookie means nothing to the store's API).
 * Console answers are never stored by any cache.
 */
export function installOperatorContext(app: FastifyInstance, admin: AdminService) {
  app.decorateRequest("operator", null);
  app.addHook("onRequest", async (request) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (!isAdminApiPath(pathname)) return;
    const token = request.cookies?.[OPERATOR_SESSION_COOKIE];
    request.operator = token ? await admin.resolveSession(token) : null;
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (isAdminApiPath(request.url.split("?")[0] ?? "/")) reply.header("cache-control", "no-store");
    return payload;
  });
}

/** The operator cookies' attributes: HttpOnly, SameSite=Strict, the whole site, Secure outside localhost. */
export function operatorCookieAttributes(secure: boolean) {
  return { httpOnly: true, sameSite: "strict" as const, secure, path: "/" };
}
