import { describe, expect, it } from "vitest";
import { uniappTarget } from "./uniapp.ts";

describe("uniappTarget (spec 2 /uniapp?path=)", () => {
  it("maps the product, list, category, eSIM and account pages to the web and to native targets", () => {
    expect(uniappTarget("/pages/goods/detail?platformProductCode=CN-3GB-30D")).toEqual({
      kind: "page",
      web: "/pdp/CN-3GB-30D",
      native: { code: "goodsDetail", params: { platformProductCode: "CN-3GB-30D" } },
    });
    expect(uniappTarget("/pages/goods/list?keyword=china&evil=1")).toMatchObject({
      web: "/plp?keyword=china",
      native: { code: "productList", params: { keyword: "china" } },
    });
    expect(uniappTarget("/pages/category/index")).toMatchObject({ web: "/category" });
    expect(uniappTarget("/pages/esim/detail?id=abc-1")).toMatchObject({ native: { code: "esimDetail" } });
    expect(uniappTarget("/pages/mine/index")).toMatchObject({
      web: "/my/userInfo",
      native: { code: "mine" },
    });
  });

  it("reads notes and live rooms", () => {
    expect(uniappTarget("/pages/note/detail?noteInfoCode=NOTE-ESIM-101")).toEqual({
      kind: "note",
      noteInfoCode: "NOTE-ESIM-101",
    });
    expect(uniappTarget("/pages/live/room?roomCode=LIVE-1")).toEqual({ kind: "live", roomCode: "LIVE-1" });
  });

  it("treats anything else, or anything crafted, as an app-only page", () => {
    for (const path of [
      null,
      "",
      "https://evil.example/pages/goods/detail",
      "//evil.example/pages/goods/detail",
      "/pages/goods/detail",
      "/pages/goods/detail?platformProductCode=%3Cscript%3E",
      "/pages/unknown/thing",
      "javascript:alert(1)",
      `/pages/${"x".repeat(600)}`,
    ]) {
      expect(uniappTarget(path)).toEqual({ kind: "appOnly" });
    }
  });
});
