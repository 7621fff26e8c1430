import { describe, expect, it } from "vitest";
import { pageLocale } from "./request-info.ts";

describe("pageLocale", () => {
  it("reads the locale prefix of a page or of its data request", () => {
    expect(pageLocale("/zh_CN")).toBe("zh_CN");
    expect(pageLocale("/zh_CN.data")).toBe("zh_CN");
    expect(pageLocale("/zh_HK/plp.data")).toBe("zh_HK");
    expect(pageLocale("/plp")).toBe("en_US");
    expect(pageLocale("/fr_FR/plp")).toBe("en_US");
  });
});
