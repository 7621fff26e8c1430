import { describe, expect, it } from "vitest";
import { DEVICES, normaliseModel, searchDevices } from "./devices.ts";

const names = (query: string) => searchDevices(query).map((device) => device.name);

describe("normaliseModel", () => {
  it("reads the ways shoppers type a model alike", () => {
    expect(normaliseModel("iPhone15 Pro")).toBe("iphone 15 pro");
    expect(normaliseModel("  Galaxy  S25+ ")).toBe("galaxy s 25 plus");
    expect(normaliseModel("Z Fold7")).toBe("z fold 7");
    expect(normaliseModel("iPhone SE (3rd generation)")).toBe("iphone se 3 rd generation");
  });
});

describe("searchDevices (issue 6 compatibility check)", () => {
  it("finds the iPhone 15 family with the exact model first", () => {
    const found = names("iPhone 15");
    expect(found[0]).toBe("iPhone 15");
    expect(found).toEqual(
      expect.arrayContaining(["iPhone 15", "iPhone 15 Plus", "iPhone 15 Pro", "iPhone 15 Pro Max"]),
    );
    expect(found).toHaveLength(4);
    expect(found.every((name) => name.includes("15"))).toBe(true);
  });

  it("matches the start of words, so 15 does not find a 115 and 1 does not find a 21", () => {
    expect(names("iphone 1")).not.toContain("iPhone XS");
    expect(names("galaxy 1")).not.toContain("Samsung Galaxy S21");
    expect(names("iphone 5")).toEqual([]);
  });

  it("accepts a model typed without spaces or in another case", () => {
    expect(names("IPHONE15PRO")).toEqual(["iPhone 15 Pro", "iPhone 15 Pro Max"]);
    expect(names("pixel9")[0]).toBe("Google Pixel 9");
    expect(names("s25+")).toEqual(["Samsung Galaxy S25+"]);
  });

  it("flags every iPhone with the mainland-China caveat", () => {
    for (const device of searchDevices("iphone")) {
      if (device.esim) expect(device.caveats).toContain("chinaIphone");
    }
  });

  it("answers a search for a mainland-China iPhone with a model that has no eSIM", () => {
    for (const query of ["china", "iPhone China", "国行", "國行 iphone", "大陆"]) {
      const [first] = searchDevices(query);
      expect(first?.name, query).toBe("iPhone (mainland China)");
      expect(first?.esim, query).toBe(false);
    }
  });

  it("covers the current iPhone, Pixel and Galaxy ranges", () => {
    for (const name of [
      "iPhone XR",
      "iPhone SE (2nd generation)",
      "iPhone 16",
      "iPhone 17 Pro Max",
      "Google Pixel 3",
      "Google Pixel 9 Pro",
      "Google Pixel 10",
      "Samsung Galaxy S20+",
      "Samsung Galaxy Z Fold6",
      "Samsung Galaxy Z Flip5",
      "Samsung Galaxy A54 5G",
    ]) {
      expect(
        DEVICES.some((device) => device.name === name && device.esim),
        name,
      ).toBe(true);
    }
    expect(names("SE 2020")).toEqual(["iPhone SE (2nd generation)"]);
  });

  it("finds nothing for an empty query or an unknown phone", () => {
    expect(searchDevices("")).toEqual([]);
    expect(searchDevices("   ")).toEqual([]);
    expect(searchDevices("Nokia 3310")).toEqual([]);
  });
});
