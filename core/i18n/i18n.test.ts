import { describe, expect, it } from "vitest";
import { LOCALES } from "../constants.ts";
import { messageArguments } from "./format.ts";
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
        // Plain {name} and ICU arguments ({count, plural, ...}) alike; a message the ICU parser rejects throws.
        const names = (text: string) => messageArguments(text).sort();
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

  it("says 1 plan and 2 plans: counts follow each locale's plural rules", () => {
    expect(translate("en_US", "discovery.plpCount", { count: 1 })).toBe("1 plan");
    expect(translate("en_US", "discovery.plpCount", { count: 2 })).toBe("2 plans");
    expect(translate("en_US", "discovery.plpCount", { count: 0 })).toBe("0 plans");
    expect(translate("en_US", "discovery.validity", { days: 1 })).toBe("1 day");
    expect(translate("en_US", "discovery.validity", { days: 30 })).toBe("30 days");
    expect(translate("en_US", "esimUi.days.left", { count: 1 })).toBe("1 day left");
    expect(translate("en_US", "ordersUi.list.count", { count: 1 })).toBe("1 order");
    expect(translate("en_US", "discovery.coverageCount", { count: 1 })).toBe("1 country or area");
    expect(translate("zh_CN", "discovery.plpCount", { count: 1 })).toBe("共 1 个套餐");
    expect(translate("zh_HK", "discovery.plpCount", { count: 2 })).toBe("共 2 個計劃");
    expect(translate("zh_CN", "validation.numberPrecision", { n: 2 })).toBe("不能超过2位小数");
    expect(translate("en_US", "validation.numberPrecision", { n: 1 })).toBe(
      "Use no more than 1 decimal place",
    );
  });

  it("keeps a missing parameter visible in an ICU message too", () => {
    expect(
      format("{count, plural, one {# plan in {region}} other {# plans in {region}}}", { count: 1 }),
    ).toBe("1 plan in {region}");
    expect(format("{kind, select, esim {eSIM} other {plan}}: {name}", { kind: "esim" })).toBe("eSIM: {name}");
  });
});
