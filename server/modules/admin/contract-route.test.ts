import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { consoleContract } from "./contract.ts";
import { adminRoute } from "./route.ts";

// ADR 0407: an endpoint registered from its contract parses its input with the contract's schemas, and outside
// production an answer that breaks the contract's response schema fails the call, so a drift between an endpoint
// and the pages that parse its answers shows in the endpoint's own tests.

const thing = consoleContract({
  method: "GET",
  path: "/things/:code",
  permission: "catalog.read",
  params: z.object({ code: z.string().regex(/^[A-Z]{2}$/, "validation.invalid") }),
  query: z.object({ size: z.coerce.number().int().max(10).default(5) }),
  response: z.object({ code: z.string(), size: z.number(), at: z.string() }),
});

async function server(answer: (code: string, size: number) => unknown) {
  const app = Fastify();
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.decorateRequest("operator", null);
  app.addHook("onRequest", async (request) => {
    request.operator = { role: "owner" } as never;
  });
  adminRoute(app, thing, async ({ params, query }) => answer(params.code, query.size));
  await app.ready();
  return app;
}

describe("a console endpoint registered from its contract", () => {
  it("answers what its handler gives for input its schemas take, dates as the JSON its pages read", async () => {
    const app = await server((code, size) => ({ code, size, at: new Date("2026-12-02T00:00:00Z") }));
    const answer = await app.inject({ method: "GET", url: "/o2adm/v1/things/JP?size=3" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ code: "JP", size: 3, at: "2026-12-02T00:00:00.000Z" });
  });

  it("refuses input its schemas refuse", async () => {
    const app = await server((code, size) => ({ code, size, at: "" }));
    const answer = await app.inject({ method: "GET", url: "/o2adm/v1/things/japan" });
    expect(answer.statusCode).toBe(400);
  });

  it("fails an answer outside its response schema (a page would not parse it)", async () => {
    const app = await server((code) => ({ code, size: "three" }));
    const answer = await app.inject({ method: "GET", url: "/o2adm/v1/things/JP" });
    expect(answer.statusCode).toBe(500);
  });
});
