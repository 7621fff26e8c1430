import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/api.ts";
import { createOperator, operatorHeaders } from "../modules/admin/admin-test-kit.ts";
import { OPENAPI_PATH } from "./openapi.ts";

// Issue 14: the API's OpenAPI document, generated from the zod schemas the routes validate with (ADR 0193).
const app = setupTestApp();

interface Document {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

async function document(): Promise<Document> {
  const answer = await app.server.inject({ method: "GET", url: OPENAPI_PATH });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers["content-type"]).toMatch(/^application\/json/);
  return answer.json();
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and lists the storefront's operations, not the sandbox tools or pages", async () => {
    const { openapi, paths } = await document();
    expect(openapi).toBe("3.1.0");
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        "/o2ord/v1/customer/orders",
        "/o2ord/v1/customer/orders/{code}/cancel",
        "/o2cum/v1/pub/customer/login",
        "/o2pay/v1/pub/webhooks/{provider}",
        "/o2srh/v1/pub/platform-products/search",
      ]),
    );
    expect(
      Object.keys(paths).filter((path) => /^\/(__dev|__sandbox|healthz|readyz)|^\/\*/.test(path)),
    ).toEqual([]);
  });

  it("describes parameters and bodies from the same zod schemas the handlers validate with", async () => {
    const { paths } = await document();
    const list = paths["/o2ord/v1/customer/orders"]!.get!;
    const parameters = list.parameters as { name: string; in: string; schema: Record<string, unknown> }[];
    expect(parameters.find((p) => p.name === "keyword")).toMatchObject({
      in: "query",
      schema: { type: "string", maxLength: 64 },
    });
    expect(parameters.find((p) => p.name === "tab")?.schema.enum).toEqual([
      "all",
      "unpaid",
      "inProgress",
      "completed",
      "closed",
    ]);
    const update = paths["/o2cum/v1/customer-info"]!.put!;
    expect(update.requestBody).toMatchObject({
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: { nickName: { type: "string", maxLength: 32 } },
            additionalProperties: false,
          },
        },
      },
    });
    expect(update.security).toEqual([{ bearer: [] }]);
    const cancel = paths["/o2ord/v1/customer/orders/{code}/cancel"]!.post!;
    expect(cancel.parameters).toEqual([
      expect.objectContaining({ in: "path", name: "code", required: true }),
    ]);
  });

  it("describes the product search's filters and both forms of the code-send calls", async () => {
    const { paths } = await document();
    const search = paths["/o2srh/v1/pub/platform-products/search"]!.get!;
    const parameters = search.parameters as { name: string; schema: Record<string, unknown> }[];
    expect(parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(["keyword", "type", "data", "days", "maxPrice", "sort", "page", "size"]),
    );
    expect(parameters.find((p) => p.name === "sort")?.schema.enum).toContain("per-gb-asc");
    const sendByQuery = paths["/o2user/v1/pub/send-email-captcha-always"]!.get!;
    expect((sendByQuery.parameters as { name: string }[]).map((p) => p.name)).toContain("email");
    const sendByBody = paths["/o2user/v1/pub/send-phone-captcha-always"]!.post!;
    expect(sendByBody.requestBody).toMatchObject({
      content: { "application/json": { schema: { properties: { phone: { type: "string" } } } } },
    });
  });

  it("documents every failure as the spec 8 error shape", async () => {
    const { paths } = await document();
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const responses = operation.responses as Record<
          string,
          { content?: Record<string, { schema: unknown }> }
        >;
        for (const status of ["4XX", "5XX"]) {
          expect(
            responses[status]?.content?.["application/json"]?.schema,
            `${method} ${path} ${status}`,
          ).toMatchObject({ required: ["failed", "code", "message"] });
        }
      }
    }
  });
});

// Issue 32 (ADR 0313): the public document is the shopper API's; the console's is for signed-in operators only.
describe("the console's OpenAPI document", () => {
  it("is not in the public document, read without a session", async () => {
    const { paths } = await document();
    expect(Object.keys(paths).filter((path) => path.startsWith("/o2adm"))).toEqual([]);
    expect(Object.keys(paths)).toContain("/o2cum/v1/pub/customer/login");
  });

  it("is served to a signed-in operator, and refused without a session", async () => {
    const anonymous = await app.server.inject({ method: "GET", url: "/o2adm/v1/openapi.json" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ failed: true, code: "adminApi.signInRequired" });
    expect(anonymous.body).not.toContain("/o2adm/v1/auth/login");

    const operator = await createOperator(app, "support");
    const signedIn = await app.server.inject({
      method: "GET",
      url: "/o2adm/v1/openapi.json",
      headers: await operatorHeaders(app, operator),
    });
    expect(signedIn.statusCode).toBe(200);
    const { paths } = signedIn.json() as Document;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(["/o2adm/v1/auth/login", "/o2adm/v1/customers/{id}/credit-adjustments"]),
    );
    expect(Object.keys(paths).every((path) => path.startsWith("/o2adm/"))).toBe(true);
    // A contract's answer is described from its response schema (ADR 0407).
    const coupon = paths["/o2adm/v1/marketing/coupons/{code}"]!.get!.responses as Record<
      string,
      { content?: { "application/json"?: { schema?: { properties?: Record<string, unknown> } } } }
    >;
    expect(Object.keys(coupon["2XX"]?.content?.["application/json"]?.schema?.properties ?? {})).toEqual(
      expect.arrayContaining(["code", "couponTypeCode", "scopes", "usage"]),
    );
  });
});
