import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BREAKPOINT_LG, BREAKPOINT_MD, LAYOUT_BREAKPOINTS } from "../core/constants.ts";

// spec 9 breakpoints: the Tailwind theme (app/app.css) and core/constants.ts name the same widths.
const css = readFileSync(new URL("../app/app.css", import.meta.url), "utf8");
const themed = (name: string) => Number(css.match(new RegExp(`--breakpoint-${name}:\\s*(\\d+)px`))?.[1]);

describe("breakpoints (spec 9)", () => {
  it("the main set: md from 720, lg from 1440", () => {
    expect(themed("md")).toBe(BREAKPOINT_MD);
    expect(themed("lg")).toBe(BREAKPOINT_LG);
  });

  it("the second set: xs/sm 320, md 720, lg 1200, xl 1280, xxl 1536, as the layout-* variants", () => {
    expect(LAYOUT_BREAKPOINTS).toEqual({ xs: 320, sm: 320, md: 720, lg: 1200, xl: 1280, xxl: 1536 });
    for (const name of ["xs", "md", "lg", "xl", "xxl"] as const)
      expect(themed(`layout-${name}`)).toBe(LAYOUT_BREAKPOINTS[name]);
  });
});
