import { describe, expect, it } from "vitest";
import { legalPageKind, legalPageVersion } from "./legal-page.ts";

const ORIGIN = "https://shop.example.com";
const kindOf = (search: string) => legalPageKind(new URLSearchParams(search), ORIGIN);

describe("legalPageKind (spec 2 /pageHtml)", () => {
  it("reads htmlType or type", () => {
    expect(kindOf("htmlType=tacCondition")).toBe("tacCondition");
    expect(kindOf("type=privacyPolicy")).toBe("privacyPolicy");
    expect(kindOf("htmlType=refundPolicy")).toBe("refundPolicy");
    expect(kindOf("htmlType=other")).toBeNull();
    expect(kindOf("")).toBeNull();
  });

  it("accepts a url naming one of our own documents, in any locale", () => {
    expect(kindOf(`url=${encodeURIComponent("/zh_HK/pageHtml?htmlType=privacyPolicy")}`)).toBe(
      "privacyPolicy",
    );
    expect(
      kindOf(`url=${encodeURIComponent(`${ORIGIN}/pageHtml?type=tacCondition`)}&type=tacCondition`),
    ).toBe("tacCondition");
  });

  it("refuses a foreign, script, non-legal or contradicting url", () => {
    expect(
      kindOf(`url=${encodeURIComponent("https://evil.example/pageHtml?htmlType=tacCondition")}`),
    ).toBeNull();
    expect(kindOf(`url=${encodeURIComponent("//evil.example/pageHtml?htmlType=tacCondition")}`)).toBeNull();
    expect(kindOf(`url=${encodeURIComponent("javascript:alert(1)")}&htmlType=tacCondition`)).toBeNull();
    expect(kindOf(`url=${encodeURIComponent("/my/order/list")}`)).toBeNull();
    expect(
      kindOf(`url=${encodeURIComponent("/pageHtml?htmlType=privacyPolicy")}&htmlType=tacCondition`),
    ).toBeNull();
  });

  it("reads a sensible version only", () => {
    expect(legalPageVersion(new URLSearchParams(""))).toBeUndefined();
    expect(legalPageVersion(new URLSearchParams("version=3"))).toBe(3);
    expect(legalPageVersion(new URLSearchParams("version=0"))).toBeNull();
    expect(legalPageVersion(new URLSearchParams("version=1e3"))).toBeNull();
  });
});
