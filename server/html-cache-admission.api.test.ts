import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cachedPage, setupPageApp } from "../test/api.ts";

/*
 * Issue 32, item 4 (ADR 0315): a page with an open query value (a typed keyword, a campaign's marketing code) is
 * stored only when it is asked for again; one-off values render each time and never take an entry. Pages with the
 * shop's own values are stored at their first render, as before.
 */
const app = setupPageApp({ htmlCache: true });
const served = async (url: string) => (await cachedPage(app, url)).served;
const random = () => randomBytes(6).toString("hex");

describe("which query values make a page worth keeping (ADR 0315)", () => {
  it("never stores a page for a keyword or a marketing code asked for once", async () => {
    const before = app.htmlCache!.size;
    const bytes = app.htmlCache!.bytes;
    for (let n = 0; n < 8; n += 1) {
      expect(await served(`/plp?keyword=${random()}`)).toBe("render");
      expect(await served(`/?marketingCode=${random()}`)).toBe("render");
      expect(await served(`/plp?marketingCode=${random()}`)).toBe("render");
    }
    expect(app.htmlCache!.size).toBe(before);
    expect(app.htmlCache!.bytes).toBe(bytes);
  }, 120_000);

  it("stores a searched page on its second request and serves the third from the cache", async () => {
    const keyword = `/plp?keyword=japan-${random()}`;
    expect(await served(keyword)).toBe("render");
    expect(await served(keyword)).toBe("render");
    expect(await served(keyword)).toBe("hit");
    const campaign = `/?marketingCode=SUMMER-${random()}`;
    expect(await served(campaign)).toBe("render");
    expect(await served(campaign)).toBe("render");
    expect(await served(campaign)).toBe("hit");
  }, 120_000);

  it("stores a page with the shop's own values at its first render", async () => {
    expect(await served("/plp?type=REGION")).toBe("render");
    expect(await served("/plp?type=REGION")).toBe("hit");
  }, 120_000);
});
