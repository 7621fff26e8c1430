/** Plain-text formatting for the bench output: aligned tables, no colours (the output is pasted into reports). */

export function int(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? "—"
    : Math.round(value).toLocaleString("en-US");
}

export function fixed(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "—" : value.toFixed(digits);
}

export function kb(bytes: number | null | undefined, digits = 1): string {
  return bytes === null || bytes === undefined ? "—" : `${(bytes / 1000).toFixed(digits)} kB`;
}

export function ms(value: number | null | undefined, digits = 0): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? "—"
    : `${value.toFixed(digits)} ms`;
}

/** Columns padded to their widest cell; numbers (cells starting with a digit or "—") right-aligned. */
export function table(header: string[], rows: string[][], indent = "  "): string {
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...rows.map((row) => (row[index] ?? "").length)),
  );
  const numeric = header.map((_, index) =>
    rows.every((row) => /^[\d—.,×-]/.test(row[index] ?? "—") || (row[index] ?? "") === ""),
  );
  const line = (row: string[]) =>
    indent +
    row
      .map((cell, index) =>
        numeric[index] ? cell.padStart(widths[index] ?? 0) : cell.padEnd(widths[index] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [line(header), indent + widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
