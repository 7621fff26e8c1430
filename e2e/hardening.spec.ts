import { expect, test } from "./fixtures.ts";

// Issue 14.4 and 14.12 (ADRs 0186, 0188) against the production build.
test.describe("hardening", () => {
  test("a HEAD of a page carries the same CSP as its GET", async ({ request }) => {
    const get = await request.get("/zh_CN");
    const head = await request.head("/zh_CN");
    expect(head.status()).toBe(200);
    const withoutNonce = (csp: string | undefined) => csp?.replace(/'nonce-[^']+'/g, "'nonce'");
    expect(get.headers()["content-security-policy"]).toContain("'strict-dynamic'");
    expect(withoutNonce(head.headers()["content-security-policy"])).toBe(
      withoutNonce(get.headers()["content-security-policy"]),
    );
    expect(head.headers()["content-type"]).toBe(get.headers()["content-type"]);
  });

  test("the opener policy is relaxed on the sign-in page only", async ({ request }) => {
    expect((await request.get("/")).headers()["cross-origin-opener-policy"]).toBe("same-origin");
    expect((await request.get("/login")).headers()["cross-origin-opener-policy"]).toBe(
      "same-origin-allow-popups",
    );
  });

  test("a forwarded Host never reaches the page's links, not even through the page cache", async ({
    request,
    baseURL,
  }) => {
    const poisoned = await request.get("/plp?type=COUNTRY", {
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    expect(poisoned.status()).toBe(200);
    const clean = await (await request.get("/plp?type=COUNTRY")).text();
    for (const html of [await poisoned.text(), clean]) {
      expect(html).not.toContain("evil.example");
      expect(html).toContain(`${baseURL}/zh_CN/plp`);
    }
  });
});
