import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN_COOKIE } from "../core/constants.ts";
import { operators } from "../db/schema/index.ts";
import { registerByEmail } from "../server/modules/account/account-test-kit.ts";
import { createOperator, operatorCookie } from "../server/modules/admin/admin-test-kit.ts";
import { PLAN } from "../server/modules/checkout/purchase-test-kit.ts";
import { setupPageApp } from "./api.ts";
import { goldenOf, minifiedStylesheet } from "./render-golden.ts";

/*
 * Golden renders (issue 33 item 4, docs/testing/golden-render.md): one page of each kind through the real server
 * path (Fastify, React Router's handler, app/entry.server.tsx and its finish), reduced by test/render-golden.ts to
 * its structure, its scripts and the page CSS production would inline, and compared with test/render-golden/*.txt.
 * A React, React Router or Vite upgrade shows what it changed in the output as one diff of those files.
 * `UPDATE_GOLDEN=1 npx vitest run test/render-golden.api.test.ts` writes them anew.
 */

const GOLDEN_DIR = path.resolve("test/render-golden");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

const app = setupPageApp();

let stylesheet: string | null = null;
let shopperCookie = "";
let consoleCookie = "";

beforeAll(async () => {
  // The first render compiles the app's modules (slow on a loaded machine): done here, outside the tests.
  expect((await app.server.inject({ method: "GET", url: "/?page=warm-up" })).statusCode).toBe(200);
  // The development server's stylesheet, compiled by Tailwind as the build compiles it, minified as the build does.
  const res = await app.server.inject({ method: "GET", url: "/app/app.css?direct" });
  expect(res.statusCode).toBe(200);
  stylesheet = minifiedStylesheet(res.body);
  const { accessToken } = await registerByEmail(app, "golden-render@roamly.test");
  shopperCookie = `${ACCESS_TOKEN_COOKIE}=${accessToken}`;
  const operator = await createOperator(app, "owner", "golden-render@ops.roamly.test");
  // The kit numbers operators across every file of a worker; the page shows the name, so it is fixed here.
  await app.database.db
    .update(operators)
    .set({ displayName: "owner 1" })
    .where(eq(operators.id, operator.id));
  consoleCookie = await operatorCookie(app, operator);
}, 120_000);

interface PageKind {
  kind: string;
  url: string;
  status: number;
  signedIn?: "shopper" | "operator";
}

const PAGES: PageKind[] = [
  { kind: "home", url: "/", status: 200 },
  { kind: "plp", url: "/plp?type=COUNTRY", status: 200 },
  { kind: "pdp", url: `/pdp/${PLAN}`, status: 200 },
  { kind: "content-landing", url: "/cmsCLP?pageCode=summer-japan&pageName=Summer", status: 200 },
  { kind: "checkout", url: `/checkout?platformProductCode=${PLAN}&quantity=1`, status: 200 },
  { kind: "account", url: "/my/userInfo", status: 200, signedIn: "shopper" },
  { kind: "error-404", url: "/zh_CN/no-such-page", status: 404 },
  { kind: "console", url: "/admin/catalog/plans", status: 200, signedIn: "operator" },
];

async function render(page: PageKind) {
  const cookie =
    page.signedIn === "shopper" ? shopperCookie : page.signedIn === "operator" ? consoleCookie : "";
  const res = await app.server.inject({ method: "GET", url: page.url, headers: cookie ? { cookie } : {} });
  const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1] ?? "";
  expect(nonce, `${page.url} has a CSP nonce`).not.toBe("");
  return { status: res.statusCode, html: res.body, nonce };
}

describe("golden renders: each page kind's structure, scripts and page CSS as checked in", () => {
  it.each(PAGES)(
    "$kind ($url)",
    async (page) => {
      const rendered = await render(page);
      expect(rendered.status, page.url).toBe(page.status);
      const golden = goldenOf(rendered, () => stylesheet);
      const file = path.join(GOLDEN_DIR, `${page.kind}.txt`);
      if (UPDATE || !existsSync(file)) {
        if (!UPDATE) throw new Error(`No golden file ${file}: run with UPDATE_GOLDEN=1 and review it`);
        mkdirSync(GOLDEN_DIR, { recursive: true });
        writeFileSync(file, golden);
        return;
      }
      // The same page rendered twice reduces to the same text: the normalisation leaves nothing per request.
      expect(goldenOf(await render(page), () => stylesheet)).toBe(golden);
      expect(golden, `${page.kind}: rerun with UPDATE_GOLDEN=1 if the change is meant`).toBe(
        readFileSync(file, "utf8"),
      );
    },
    60_000,
  );
});
