import { describe, expect, it } from "vitest";
import { isSafeStyleValue, safeBoxStyle } from "./style.ts";

// Issue 32 item 8: the one allow-list of block style properties and values (saved pages and the web renderer).
describe("safeBoxStyle", () => {
  it("keeps lengths, colours and keywords on the allowed properties", () => {
    const style = {
      width: "100%",
      height: 240,
      margin: "0 auto",
      padding: "8px 12px 16px 4px",
      background: "#fff",
      color: "rgba(0, 0, 0, 0.5)",
      borderRadius: "12px 12px 0 0",
      fontSize: "1.25rem",
      fontWeight: "bold",
      textAlign: "center",
    };
    expect(safeBoxStyle(style)).toEqual(style);
    expect(safeBoxStyle({ background: "transparent", color: "hsl(210 50% 40%)" })).toEqual({
      background: "transparent",
      color: "hsl(210 50% 40%)",
    });
  });

  it("drops anything that can fetch, run, or break out of a declaration or a style element", () => {
    for (const value of [
      "url(javascript:alert(1))",
      "URL(x)",
      "red;}</style><script>alert(1)</script>",
      "expression(alert(1))",
      "red; position: fixed",
      "red}",
      "1px/**/",
      "#fff\\3b",
      "var(--x)",
      "calc(1px + url(x))",
      "linear-gradient(red, blue)",
      "red !important",
      "x".repeat(100),
    ]) {
      expect(isSafeStyleValue("background", value), value).toBe(false);
      expect(isSafeStyleValue("color", value), value).toBe(false);
      expect(isSafeStyleValue("margin", value), value).toBe(false);
    }
    expect(safeBoxStyle({ position: "fixed", behavior: "url(x.htc)", zIndex: 9 })).toEqual({});
    expect(safeBoxStyle({ width: Number.POSITIVE_INFINITY, height: Number.NaN })).toEqual({});
    expect(safeBoxStyle(null)).toEqual({});
    expect(safeBoxStyle("color: red")).toEqual({});
  });
});
