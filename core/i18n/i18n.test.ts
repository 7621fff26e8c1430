import { describe, expect, it } from "vitest";
import { LOCALES } from "../constants.ts";
import { catalogues, format, messageModules, translate } from "./index.ts";

describe("message catalogues", () => {
  it("has every key in every locale, none empty", () => {
    const keys = Object.keys(catalogues.en_US).sort();
    expect(keys.length).toBeGreaterThan(10);
    for (const locale of LOCALES) {
      expect(Object.keys(catalogues[locale]).sort()).toEqual(keys);
      for (const key of keys)
        expect(catalogues[locale][key as keyof typeof catalogues.en_US].trim()).not.toBe("");
    }
  });

  it("uses the same placeholders in every locale", () => {
    for (const module of messageModules) {
      for (const [key, english] of Object.entries(module.en_US)) {
        const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(names(module.zh_CN[key] ?? ""), `zh_CN ${key}`).toEqual(names(english));
        expect(names(module.zh_HK[key] ?? ""), `zh_HK ${key}`).toEqual(names(english));
      }
    }
  });

  it("does not let two modules define the same key", () => {
    const seen = new Set<string>();
    for (const module of messageModules) {
      for (const key of Object.keys(module.en_US)) {
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });

  it("keeps the spec's quoted Chinese messages exactly (spec 8, 9)", () => {
    expect(catalogues.zh_CN["error.networkTitle"]).toBe("网络异常");
    expect(catalogues.zh_CN["error.systemTitle"]).toBe("系统异常");
    expect(catalogues.zh_CN["common.confirm"]).toBe("确定");
    expect(catalogues.zh_CN["common.cancel"]).toBe("取消");
    expect(catalogues.zh_CN["common.noData"]).toBe("暂无数据");
    expect(catalogues.zh_CN["common.allLoaded"]).toBe("已经加载完毕");
    expect(catalogues.zh_CN["common.dataLoading"]).toBe("数据加载中...");
    expect(catalogues.zh_CN["common.loading"]).toBe("加载中");
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(translate("en_US", "error.pageNotFound", { path: "/x" })).toBe("Page Not Found: /x");
    expect(format("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });
});
