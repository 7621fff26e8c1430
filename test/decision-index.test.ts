import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DECISIONS_DIR,
  INDEX_FILE,
  parseIndex,
  recordFiles,
  updatedIndex,
} from "../scripts/decision-index.ts";

const index = readFileSync(INDEX_FILE, "utf8");

describe("decisions index (docs/decisions/README.md)", () => {
  it("lists every record once, with a date and a status; run scripts/decision-index.ts to add new ones", () => {
    const rows = parseIndex(index);
    const listed = rows.flatMap((row) => (row.file ? [row.file] : []));
    expect(listed.sort()).toEqual(recordFiles());
    const numbers = rows.map((row) => row.number);
    expect(new Set(numbers).size, "an ADR number used twice").toBe(numbers.length);
    for (const row of rows) {
      expect(row.date, row.number).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.status, row.number).toMatch(/^(Accepted|Superseded|Moved)/);
    }
  });

  it("has links that all lead somewhere, moved notes included", () => {
    const links = [...index.matchAll(/\]\(([^)#]+)\)/g)].map((match) => match[1] as string);
    expect(links.length).toBeGreaterThan(90);
    for (const link of links) expect(existsSync(path.join(DECISIONS_DIR, link)), link).toBe(true);
  });

  it("adds a new record with today's date and keeps what the index says of the others", () => {
    const before = [
      "# Decision records",
      "",
      "| ADR | Title | Date | Status | Superseded by |",
      "|---|---|---|---|---|",
      "| [0001](0001-one.md) | One | 2026-01-01 | Superseded in part | 0002 |",
      "",
    ].join("\n");
    const after = updatedIndex(
      before,
      [
        { file: "0001-one.md", text: "# 0001. One, renamed\n" },
        { file: "0002-two.md", text: "# 0002: Two | pipes\n" },
      ],
      "2026-11-24",
    );
    expect(parseIndex(after)).toEqual([
      {
        number: "0001",
        file: "0001-one.md",
        title: "One",
        date: "2026-01-01",
        status: "Superseded in part",
        supersededBy: "0002",
      },
      {
        number: "0002",
        file: "0002-two.md",
        title: "Two | pipes",
        date: "2026-11-24",
        status: "Accepted",
        supersededBy: "—",
      },
    ]);
    expect(after.startsWith("# Decision records\n")).toBe(true);
  });
});
