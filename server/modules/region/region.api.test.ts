import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import type { RegionNode } from "./tree.ts";

const app = setupTestApp();

function depth(nodes: RegionNode[]): number[] {
  return nodes.flatMap((n) => (n.child.length === 0 ? [1] : depth(n.child).map((d) => d + 1)));
}

describe("GET /pub-res/region/{lang}.json (site info regionResourceUrl)", () => {
  it("serves the address tree region → city → district, localized", async () => {
    const info = await app.server.inject({
      method: "GET",
      url: "/o2cms/v1/pub/sites/info",
      headers: { "x-lang": "zh_CN" },
    });
    const res = await app.server.inject({ method: "GET", url: info.json().regionResourceUrl });
    expect(res.statusCode).toBe(200);
    const tree: RegionNode[] = res.json();
    const guangdong = tree.find((n) => n.regionCode === "440000")!;
    expect(guangdong.regionName).toBe("广东省");
    expect(guangdong.parentRegionCode).toBeNull();
    const shenzhen = guangdong.child.find((n) => n.regionCode === "440300")!;
    expect(shenzhen).toMatchObject({ regionName: "深圳市", parentRegionCode: "440000" });
    expect(shenzhen.child.map((n) => n.regionName)).toContain("南山区");
    // spec 5: every remaining branch reaches level 3.
    expect(new Set(depth(tree))).toEqual(new Set([3]));
  });

  it("drops the branches that stop before level 3 (Dongguan, Macau)", async () => {
    const res = await app.server.inject({ method: "GET", url: "/pub-res/region/zh_HK.json" });
    const tree: RegionNode[] = res.json();
    expect(tree.map((n) => n.regionCode)).not.toContain("820000");
    const guangdong = tree.find((n) => n.regionCode === "440000")!;
    expect(guangdong.regionName).toBe("廣東省");
    expect(guangdong.child.map((n) => n.regionCode)).not.toContain("441900");
    expect(tree.find((n) => n.regionCode === "810000")!.child.map((n) => n.regionName)).toEqual([
      "香港島",
      "九龍",
      "新界",
    ]);
  });

  it("is cacheable with an ETag, and 404 for an unknown language", async () => {
    const first = await app.server.inject({ method: "GET", url: "/pub-res/region/en_US.json" });
    expect(first.headers["cache-control"]).toContain("public");
    const again = await app.server.inject({
      method: "GET",
      url: "/pub-res/region/en_US.json",
      headers: { "if-none-match": first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const missing = await app.server.inject({ method: "GET", url: "/pub-res/region/de_DE.json" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ failed: true, code: "error.notFound" });
  });
});
