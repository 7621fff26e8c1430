import { describe, expect, it } from "vitest";
import { uniappTarget } from "../../../core/uniapp.ts";
import { actionName, actionTarget, type LinkContext } from "./links.ts";

const pc: LinkContext = { locale: "en_US", channel: "PC", origin: "https://shop.example.com" };
const h5: LinkContext = { locale: "zh_CN", channel: "H5", origin: "https://shop.example.com" };

describe("actionTarget (spec 2 links from content blocks)", () => {
  it("builds plp, category and landing links with the locale prefix", () => {
    expect(
      actionTarget({ code: "CATEGORY", data: { categoryCode: "EU", categoryName: "Europe trip" } }, pc),
    ).toEqual({
      kind: "internal",
      to: "/plp?categoryCode=EU&categoryName=Europe+trip",
    });
    expect(actionTarget({ code: "PLP", data: { keyword: "JP", type: "COUNTRY" } }, pc)).toEqual({
      kind: "internal",
      to: "/plp?type=COUNTRY&keyword=JP",
    });
    // Outside PC a plan list goes through the bridge route (issue 31), which sends a browser on to the same list.
    expect(actionTarget({ code: "PLP", data: { keyword: "JP", type: "COUNTRY" } }, h5)).toEqual({
      kind: "internal",
      to: `/zh_CN/uniapp?path=${encodeURIComponent("/pages/goods/list?type=COUNTRY&keyword=JP")}`,
    });
    expect(uniappTarget("/pages/goods/list?type=COUNTRY&keyword=JP")).toMatchObject({
      kind: "page",
      web: "/plp?keyword=JP&type=COUNTRY",
    });
    expect(actionTarget({ code: "CLP", data: { pageCode: "summer-japan", pageName: "夏日" } }, h5)).toEqual({
      kind: "internal",
      to: `/zh_CN/cmsCLP?pageCode=summer-japan&pageName=${encodeURIComponent("夏日")}`,
    });
    expect(actionTarget({ code: "SEARCH_DIALOG", data: {} }, h5)).toEqual({
      kind: "internal",
      to: "/zh_CN?searchDialog=true",
    });
  });

  it("uses the mini-program route for detail pages when the channel is not PC", () => {
    expect(actionTarget({ code: "PDP", data: { platformProductCode: "JP-1GB-7D" } }, pc)).toEqual({
      kind: "internal",
      to: "/pdp/JP-1GB-7D",
    });
    const target = actionTarget({ code: "PDP", data: { platformProductCode: "JP-1GB-7D" } }, h5);
    expect(target.kind === "internal" && target.to.startsWith("/zh_CN/uniapp?path=")).toBe(true);
    expect(actionTarget({ code: "LIVE_ROOM", data: { roomCode: "R1" } }, pc)).toEqual({ kind: "none" });
  });

  it("refuses script URLs and external sites unless allowed", () => {
    expect(actionTarget({ code: "URL", data: { url: "javascript:alert(1)" } }, pc)).toEqual({ kind: "none" });
    expect(actionTarget({ code: "URL", data: { url: "https://evil.example/" } }, pc)).toEqual({
      kind: "none",
    });
    expect(actionTarget({ code: "URL", data: { url: "//evil.example/" } }, pc)).toEqual({ kind: "none" });
    expect(actionTarget({ code: "URL", data: { url: "/install" } }, h5)).toEqual({
      kind: "internal",
      to: "/zh_CN/install",
    });
    expect(
      actionTarget(
        { code: "URL", data: { url: "https://help.example.com/a" } },
        { ...pc, allowedHosts: ["*.example.com"] },
      ),
    ).toEqual({ kind: "external", href: "https://help.example.com/a" });
  });

  it("has no link for NONE, NATIVE or a missing action", () => {
    expect(actionTarget(undefined, pc)).toEqual({ kind: "none" });
    expect(actionTarget({ code: "NONE", data: {} }, pc)).toEqual({ kind: "none" });
    expect(actionTarget({ code: "NATIVE", data: { route: "mine" } }, pc)).toEqual({ kind: "none" });
  });

  it("names a target for labels", () => {
    expect(actionName({ code: "PLP", data: { keyword: "JP", type: "COUNTRY" } })).toBe("JP");
    expect(actionName({ code: "CATEGORY", data: { categoryCode: "EU", categoryName: "Europe" } })).toBe(
      "Europe",
    );
  });
});
