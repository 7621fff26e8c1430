import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { API_PREFIXES } from "./api-prefixes.ts";

/** Where the API serves its OpenAPI 3.1 document (ADR 0193). */
export const OPENAPI_PATH = "/o2api/v1/pub/openapi.json";

/** Sandbox tools and the sandbox's own pages are not part of the API the native app calls. */
const HIDDEN_PREFIXES = ["/__dev", "/__sandbox"];

/** spec 8: every failure, whatever the status. */
const ERROR_BODY = {
  type: "object",
  required: ["failed", "code", "message"],
  properties: {
    failed: { type: "boolean", const: true },
    code: { type: "string", description: "A message key, e.g. error.badRequest" },
    message: { type: "string", description: "The message in the request's x-lang" },
    fields: {
      type: "object",
      additionalProperties: { type: "string" },
      description: "Field (dotted path) → message key of its problem",
    },
  },
} as const;

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * Registers @fastify/swagger before any route, so every route is seen, and serves the document at
 * OPENAPI_PATH. Routes declare the zod schemas their handlers validate with (`schema: {params, querystring,
 * body}`); fastify-type-provider-zod turns them into JSON Schema for the document. Validation itself stays in
 * the handlers (`parseInput`), which give the error shape with message keys: Fastify's validator is a pass-through.
 */
export async function installOpenApi(app: FastifyInstance) {
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Roamly storefront API",
        version: "1",
        description:
          "The storefront's HTTP API (spec 7). Send x-lang (en_US, zh_CN, zh_HK), x-currency, x-channel-type " +
          "and x-site-code; customer calls take `Authorization: Bearer <accessToken>`. Every failure is " +
          "{failed: true, code, message} with the HTTP status, field problems as message keys in `fields`.",
      },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
        schemas: { ApiError: ERROR_BODY as never },
      },
    },
    transform: (document) => {
      const { url } = document;
      const hidden =
        !API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`)) ||
        HIDDEN_PREFIXES.some((prefix) => url.startsWith(prefix));
      if (hidden) return { schema: { hide: true }, url };
      // A console contract's answer (ADR 0407) is described as its 2xx body.
      const { "x-response": declared, ...schema } = (document.schema ?? {}) as Record<string, unknown>;
      const transformed = zodTransform({ ...document, schema });
      const success =
        declared instanceof z.ZodType
          ? { description: "Success", ...jsonSchemaOf(declared) }
          : { description: "Success" };
      return {
        url: transformed.url,
        schema: {
          ...transformed.schema,
          ...(url.includes("/customer") ? { security: [{ bearer: [] }] } : {}),
          response: {
            "2XX": success,
            "4XX": { description: "Refused (spec 8 error shape)", ...ERROR_BODY },
            "5XX": { description: "Server failure (spec 8 error shape)", ...ERROR_BODY },
          },
        },
      };
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    return openApiDocuments(app).shop;
  });
}

/** A zod schema as the JSON Schema of a response body (without its $schema line). */
function jsonSchemaOf(schema: z.ZodType) {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { unrepresentable: "any", io: "output" });
  return rest;
}

/** The console's API (ADR 0313): described only to signed-in operators, never in the public document. */
const CONSOLE_PREFIX = "/o2adm";

interface OpenApiDocument {
  info: Record<string, unknown>;
  paths?: Record<string, unknown>;
  [key: string]: unknown;
}

const documents = new WeakMap<FastifyInstance, { shop: OpenApiDocument; console: OpenApiDocument }>();

/**
 * The generated document split in two (issue 32, ADR 0313): `shop`, the shopper API the native app calls, served
 * to anyone at OPENAPI_PATH; `console`, only the console's `/o2adm` paths, served by the console API to a
 * signed-in operator (GET /o2adm/v1/openapi.json). Built once per server.
 */
export function openApiDocuments(app: FastifyInstance) {
  let found = documents.get(app);
  if (!found) {
    const whole = app.swagger() as unknown as OpenApiDocument;
    const entries = Object.entries(whole.paths ?? {});
    const isConsole = (path: string) => path === CONSOLE_PREFIX || path.startsWith(`${CONSOLE_PREFIX}/`);
    found = {
      shop: { ...whole, paths: Object.fromEntries(entries.filter(([path]) => !isConsole(path))) },
      console: {
        ...whole,
        info: {
          ...whole.info,
          title: "Roamly operator console API",
          description:
            "The operator console's API (issue 16): the session cookie o2adm_sid from the two-step sign-in, " +
            "one permission per endpoint. Every failure is {failed: true, code, message} with the HTTP status.",
        },
        paths: Object.fromEntries(entries.filter(([path]) => isConsole(path))),
      },
    };
    documents.set(app, found);
  }
  return found;
}
