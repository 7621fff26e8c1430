import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DECISIONS_DIR,
  headerCells,
  INDEX_FILE,
  parseIndex,
  recordFiles,
  recordHeader,
  updatedIndex,
} from "../scripts/decision-index.ts";

const index = readFileSync(INDEX_FILE, "utf8");
const records = recordFiles().map((file) => ({
  file,
  text: readFileSync(path.join(DECISIONS_DIR, file), "utf8"),
}));

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

  it("says of each record what the status and series lines at its top say; run scripts/decision-index.ts", () => {
    expect(updatedIndex(index, records, "2000-01-01")).toBe(index);
  });

  it("calls a record superseded or amended only when the record's top says so", () => {
    for (const row of parseIndex(index)) {
      if (!row.file || !/^Superseded|amended/.test(row.status)) continue;
      const record = records.find((candidate) => candidate.file === row.file);
      expect(
        recordHeader(record?.text ?? "").kind,
        `${row.number} needs a "> **Status:**" line`,
      ).not.toBeNull();
    }
  });

  it("reads a status line's records and what each changed, and a series line's first sentence", () => {
    const text = [
      "# 0007. Seven",
      "",
      "> **Status:** Amended by [0009](0009-nine.md) (the `x` cache (a tag) is per plan); [rendering.md](../architecture/rendering.md) (how it works today). This line was added later.",
      "> **Series:** part 2 of the [0005](0005-five.md) notes; the others are 0006. Folded into a chapter.",
      "",
      "## Context",
      "> **Status:** Superseded by [0010](0010-ten.md) (a quote in the body is not the top)",
    ].join("\n");
    expect(recordHeader(text)).toEqual({
      kind: "Amended",
      by: [
        { ref: "0009", reason: "the x cache (a tag) is per plan" },
        { ref: "rendering.md", reason: "how it works today" },
      ],
      series: "part 2 of the 0005 notes; the others are 0006",
    });
    expect(headerCells(recordHeader(text))).toEqual({
      status:
        "Accepted; amended by 0009, rendering.md (0009: the x cache (a tag) is per plan; rendering.md: how it works today); part 2 of the 0005 notes; the others are 0006",
      supersededBy: "0009, rendering.md (in part)",
    });
    expect(
      headerCells(
        recordHeader("# 0008. Eight\n\n> **Status:** Superseded by [0011](0011-x.md) (all of it).\n"),
      ),
    ).toEqual({ status: "Superseded by 0011 (all of it)", supersededBy: "0011" });
    expect(headerCells(recordHeader("# 0008. Eight\n\n## Context\n"))).toBeNull();
    expect(() => recordHeader("# 0008. Eight\n\n> **Status:** Superseded by ADR 0011.\n")).toThrow(
      /names no/,
    );
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
