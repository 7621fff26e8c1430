/**
 * The performance budgets (ADR 0050). They live here, next to the code that measures them, and are compared in
 * every `npm run bench` output as PASS or MISS. A miss never fails the process: the figures depend on the
 * machine and its other load, so they are tracked, not asserted.
 */
export interface Budget {
  id: string;
  label: string;
  target: string;
  unit: string;
  met(value: number): boolean;
}

export const BUDGETS: Budget[] = [
  {
    id: "homeFirstLoadJsKb",
    label: "Home first-load JS (gzip)",
    target: "≤ 90 kB",
    unit: "kB",
    met: (kb) => kb <= 90,
  },
  {
    id: "lighthouseMobile",
    label: "Lighthouse mobile performance, home",
    target: "100",
    unit: "",
    met: (score) => score >= 100,
  },
  {
    id: "cachedHomeRps",
    label: "Cached home throughput",
    target: "≥ 1,000 req/s",
    unit: "req/s",
    met: (rps) => rps >= 1_000,
  },
  {
    id: "postgresRssMb",
    label: "Server RSS under load, PostgreSQL",
    target: "≤ 350 MB",
    unit: "MB",
    met: (mb) => mb <= 350,
  },
  {
    id: "searchP95Ms",
    label: "Search p95, large catalogue",
    target: "< 10 ms",
    unit: "ms",
    met: (ms) => ms < 10,
  },
];

export type BudgetStatus = "PASS" | "MISS" | "NOT MEASURED";

export interface BudgetOutcome {
  id: string;
  label: string;
  target: string;
  value: number | null;
  unit: string;
  status: BudgetStatus;
  note?: string;
}

export function judge(values: Record<string, number | null>, notes: Record<string, string> = {}) {
  return BUDGETS.map((budget): BudgetOutcome => {
    const value = values[budget.id] ?? null;
    return {
      id: budget.id,
      label: budget.label,
      target: budget.target,
      value,
      unit: budget.unit,
      status: value === null ? "NOT MEASURED" : budget.met(value) ? "PASS" : "MISS",
      note: notes[budget.id],
    };
  });
}
