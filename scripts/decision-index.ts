import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The decisions index (docs/decisions/README.md): one row per record with its date, status and what supersedes
 * it. Run `npx node scripts/decision-index.ts` after adding a record: rows already in the index keep their date,
 * status and superseded-by (edit those by hand in the README); a new record gets today's date and "Accepted".
 * test/decision-index.test.ts fails while a record is missing from the index.
 */
export const DECISIONS_DIR = "docs/decisions";
export const INDEX_FILE = path.join(DECISIONS_DIR, "README.md");
const TABLE_HEAD = "| ADR | Title | Date | Status | Superseded by |\n|---|---|---|---|---|\n";

export interface IndexRow {
  number: string;
  /** The record's file name in docs/decisions, or null for a number whose note moved elsewhere. */
  file: string | null;
  title: string;
  date: string;
  status: string;
  supersededBy: string;
}

export function recordFiles(dir = DECISIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}-.+\.md$/.test(name))
    .sort();
}

export function recordTitle(text: string): string {
  const first = text.split("\n", 1)[0] ?? "";
  return first.replace(/^#\s*\d{4}[.:]\s*/, "").trim();
}

export function parseIndex(markdown: string): IndexRow[] {
  const rows: IndexRow[] = [];
  for (const line of markdown.split("\n")) {
    const cells = line
      .match(/^\|(.*)\|$/)?.[1]
      ?.split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
    if (cells?.length !== 5 || !/\d{4}/.test(cells[0] ?? "")) continue;
    const [adr = "", title = "", date = "", status = "", supersededBy = ""] = cells;
    const link = adr.match(/^\[(\d{4})\]\(([^)]+)\)$/);
    rows.push({
      number: link?.[1] ?? adr,
      file: link?.[2] ?? null,
      title: title.replaceAll("\\|", "|"),
      date,
      status,
      supersededBy,
    });
  }
  return rows;
}

function renderRow(row: IndexRow): string {
  const adr = row.file ? `[${row.number}](${row.file})` : row.number;
  return `| ${adr} | ${row.title.replaceAll("|", "\\|")} | ${row.date} | ${row.status} | ${row.supersededBy} |`;
}

/** The index with a row for every record in the folder, existing rows kept as they are. */
export function updatedIndex(
  markdown: string,
  records: { file: string; text: string }[],
  today: string,
): string {
  const rows = parseIndex(markdown);
  for (const record of records) {
    if (rows.some((row) => row.file === record.file)) continue;
    rows.push({
      number: record.file.slice(0, 4),
      file: record.file,
      title: recordTitle(record.text),
      date: today,
      status: "Accepted",
      supersededBy: "—",
    });
  }
  rows.sort((a, b) => a.number.localeCompare(b.number));
  const start = markdown.indexOf(TABLE_HEAD);
  const intro = start >= 0 ? markdown.slice(0, start) : `${markdown.trimEnd()}\n\n`;
  return `${intro}${TABLE_HEAD}${rows.map(renderRow).join("\n")}\n`;
}

if (import.meta.main) {
  const records = recordFiles().map((file) => ({
    file,
    text: readFileSync(path.join(DECISIONS_DIR, file), "utf8"),
  }));
  const today = new Date().toISOString().slice(0, 10);
  writeFileSync(INDEX_FILE, updatedIndex(readFileSync(INDEX_FILE, "utf8"), records, today));
}
