import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
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
      const transformed = zodTransform(document);
      return {
        url: transformed.url,
        schema: {
          ...transformed.schema,
          ...(url.includes("/customer") ? { security: [{ bearer: [] }] } : {}),
          response: {
            "2XX": { description: "Success" },
            "4XX": { description: "Refused (spec 8 error shape)", ...ERROR_BODY },
            "5XX": { description: "Server failure (spec 8 error shape)", ...ERROR_BODY },
          },
        },
      };
    },
  });
  let document: unknown;
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    document ??= app.swagger();
    reply.header("cache-control", "public, max-age=300");
    return document;
  });
}
