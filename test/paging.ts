import { expect } from "vitest";
import type { TestApp } from "./api.ts";

// The page mode shared by the customer lists (spec 3, ADR 0152): `page` and `size` in the query, an answer of
// { content, totalElements, numberOfElements }.

export interface Page<T> {
  content: T[];
  totalElements: number;
  numberOfElements: number;
}

type SignedIn = { headers: Record<string, string> };

/** GET `path?query` as a signed-in customer in en_US; `page` also expects 200 and gives the answer. */
export function pagedList<T>(app: TestApp, path: string) {
  const get = (who: SignedIn, query: string) =>
    app.server.inject({
      method: "GET",
      url: `${path}?${query}`,
      headers: { ...who.headers, "x-lang": "en_US" },
    });
  const page = async (who: SignedIn, query: string): Promise<Page<T>> => {
    const res = await get(who, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  return { get, page };
}

/**
 * `page=0&size=100` is answered; each of `refused` (a query and the field it names) is a 400 in the error shape
 * naming that field; without a session the list is a 401.
 */
export async function expectPagingRefusals(
  app: TestApp,
  path: string,
  who: SignedIn,
  refused: readonly (readonly [query: string, field: string])[],
) {
  const { get } = pagedList(app, path);
  expect((await get(who, "page=0&size=100")).statusCode).toBe(200);
  for (const [query, field] of refused) {
    const res = await get(who, query);
    expect(res.statusCode, query).toBe(400);
    const body = res.json();
    expect(body, query).toMatchObject({
      failed: true,
      code: expect.any(String),
      message: expect.any(String),
    });
    expect(JSON.stringify(body), query).toContain(field);
  }
  const anonymous = await app.server.inject({ method: "GET", url: `${path}?page=0&size=20` });
  expect(anonymous.statusCode).toBe(401);
}
