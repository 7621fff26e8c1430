import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The decisions index (docs/decisions/README.md): one row per record with its date, status and what supersedes
 * it. Run `npx node scripts/decision-index.ts` after adding a record or a status line: a new record gets today's
 * date and "Accepted"; a record whose top carries a status line (`> **Status:** Superseded by …`, `Superseded in
 * part by …` or `Amended by …`) or a series line (`> **Series:** part N of …`) gets its status and superseded-by
 * from those lines, so the record and its row cannot disagree; other rows keep what the index says.
 * test/decision-index.test.ts fails while a record is missing or a row disagrees with its record's top.
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

/** What a record's top says of it: a status line and a series line, both optional. */
export interface RecordHeader {
  kind: "Superseded" | "Superseded in part" | "Amended" | null;
  /** The records or chapters named by the status line, each with what it changed. */
  by: { ref: string; reason: string }[];
  /** The series line's first sentence, links replaced by their text. */
  series: string | null;
}

const STATUS_LINE = /^> \*\*Status:\*\* (Superseded in part|Superseded|Amended) by (.*)$/m;
const SERIES_LINE = /^> \*\*Series:\*\* (.*)$/m;
/** `[0292](0292-….md) (why)`: a link, then what it changed in parentheses (one level of nesting allowed). */
const REFERENCE = /\[([^\]]+)\]\([^)\s]+\) \(((?:[^()]|\([^()]*\))*)\)/y;
const REFERENCE_SEPARATOR = /(?:; |, | and )/y;

function withoutLinks(text: string): string {
  return text.replace(/\[([^\]]+)\]\([^)\s]+\)/g, "$1").replaceAll("`", "");
}

/** Reads the status and series lines at a record's top (before its first section). */
export function recordHeader(text: string): RecordHeader {
  const top = text.split(/^## /m, 1)[0] ?? "";
  const header: RecordHeader = { kind: null, by: [], series: null };
  const status = top.match(STATUS_LINE);
  if (status) {
    header.kind = status[1] as RecordHeader["kind"];
    const refs = status[2] ?? "";
    let at = 0;
    for (;;) {
      REFERENCE.lastIndex = at;
      const ref = REFERENCE.exec(refs);
      if (!ref) break;
      header.by.push({ ref: withoutLinks(ref[1] ?? ""), reason: withoutLinks(ref[2] ?? "") });
      at = REFERENCE.lastIndex;
      REFERENCE_SEPARATOR.lastIndex = at;
      if (!REFERENCE_SEPARATOR.exec(refs)) break;
      at = REFERENCE_SEPARATOR.lastIndex;
    }
    if (header.by.length === 0) {
      throw new Error(`a status line names no "[NNNN](file) (what changed)": ${status[0]}`);
    }
  }
  const series = top.match(SERIES_LINE);
  if (series) header.series = withoutLinks((series[1] ?? "").split(/\.(?: |$)/, 1)[0] ?? "").trim();
  return header;
}

/** The status and superseded-by cells a record's top implies, or null when its top says nothing. */
export function headerCells(header: RecordHeader): { status: string; supersededBy: string } | null {
  if (!header.kind && !header.series) return null;
  const refs = header.by.map((by) => by.ref).join(", ");
  const reasons =
    header.by.length === 1
      ? (header.by[0]?.reason ?? "")
      : header.by.map((by) => `${by.ref}: ${by.reason}`).join("; ");
  let status = "Accepted";
  let supersededBy = "—";
  if (header.kind === "Superseded") {
    status = `Superseded by ${refs} (${reasons})`;
    supersededBy = refs;
  } else if (header.kind === "Superseded in part") {
    status = `Superseded in part by ${refs} (${reasons})`;
    supersededBy = `${refs} (in part)`;
  } else if (header.kind === "Amended") {
    status = `Accepted; amended by ${refs} (${reasons})`;
    supersededBy = `${refs} (in part)`;
  }
  if (header.series) status = `${status}; ${header.series}`;
  if (status.includes("|"))
    throw new Error(`a status line holds a "|", which the index cannot show: ${status}`);
  return { status, supersededBy };
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
    const cells = headerCells(recordHeader(record.text));
    const row = rows.find((candidate) => candidate.file === record.file);
    if (row) {
      if (cells) Object.assign(row, cells);
      continue;
    }
    rows.push({
      number: record.file.slice(0, 4),
      file: record.file,
      title: recordTitle(record.text),
      date: today,
      status: "Accepted",
      supersededBy: "—",
      ...cells,
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
