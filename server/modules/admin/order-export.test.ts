import { describe, expect, it } from "vitest";
import { csvCell } from "./order-export.ts";

describe("csvCell", () => {
  it("quotes what needs quoting and defuses spreadsheet formulas", () => {
    expect(csvCell("JP-3GB-30D")).toBe("JP-3GB-30D");
    expect(csvCell(5990)).toBe("5990");
    expect(csvCell(-100)).toBe("-100");
    expect(csvCell(null)).toBe("");
    expect(csvCell('Japan, "3 GB"')).toBe('"Japan, ""3 GB"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("+1")).toBe("'+1");
  });
});
