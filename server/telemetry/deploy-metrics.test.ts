import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { exportedSeriesNames, METRICS } from "./metrics.ts";

// The dashboard and the alert rules in deploy/ (issue 34 item 4; ADR 0332) may only name series the server
// exports, with labels those metrics carry: a renamed metric must fail here, not go silently blank in Grafana.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dashboard = JSON.parse(readFileSync(path.join(root, "deploy/grafana/roamly-dashboard.json"), "utf8"));
const alerts = parse(readFileSync(path.join(root, "deploy/prometheus/alerts.yml"), "utf8")) as {
  groups: {
    name: string;
    rules: { alert: string; expr: string; for?: string; labels?: Record<string, string> }[];
  }[];
};

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
  panels?: Panel[];
  gridPos: { h: number; w: number; x: number; y: number };
}
const panels: Panel[] = (dashboard.panels as Panel[]).flatMap((panel) => [panel, ...(panel.panels ?? [])]);
const dashboardExprs = panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
const rules = alerts.groups.flatMap((group) => group.rules);

/** The labels a series of an exported metric carries (histogram buckets add `le`). */
function labelsOf(series: string): Set<string> {
  const metric = Object.values(METRICS).find((m) =>
    [m.name, `${m.name}_total`, `${m.name}_bucket`, `${m.name}_sum`, `${m.name}_count`].includes(series),
  );
  const labels = new Set<string>(metric?.labels ?? []);
  if (series.endsWith("_bucket")) labels.add("le");
  return labels;
}

/** Every roamly_ series an expression reads with the labels it selects on, and the labels it aggregates by. */
function references(expr: string) {
  const series: { name: string; selectors: string[] }[] = [];
  for (const match of expr.matchAll(/\b(roamly_[a-z0-9_]+)(\{([^}]*)\})?/g)) {
    const selectors = [...(match[3] ?? "").matchAll(/(\w+)\s*(?:=~|!~|!=|=)/g)].map((m) => m[1]!);
    series.push({ name: match[1]!, selectors });
  }
  const grouping = [...expr.matchAll(/\bby\s*\(([^)]*)\)/g)].flatMap((m) =>
    m[1]!.split(",").map((label) => label.trim()),
  );
  return { series, grouping };
}

function expectKnown(expr: string) {
  const { series, grouping } = references(expr);
  expect(series.length, expr).toBeGreaterThan(0);
  const exported = new Set(exportedSeriesNames());
  for (const ref of series) {
    expect(exported.has(ref.name), `${ref.name} in ${expr}`).toBe(true);
    const known = labelsOf(ref.name);
    for (const label of ref.selectors)
      expect(known.has(label), `label ${label} of ${ref.name} in ${expr}`).toBe(true);
  }
  // A `by (label)` groups one of the series it wraps: some series of the expression must carry the label.
  for (const label of grouping)
    expect(
      series.some((ref) => labelsOf(ref.name).has(label)),
      `by (${label}) in ${expr}`,
    ).toBe(true);
}

describe("deploy/grafana/roamly-dashboard.json", () => {
  it("is a Grafana dashboard with a Prometheus datasource variable and laid-out panels", () => {
    expect(dashboard.uid).toBe("roamly-store");
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: "datasource", type: "datasource", query: "prometheus" }),
    );
    const ids = (dashboard.panels as { id: number }[]).map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of panels) {
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      if (panel.type !== "row") expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });

  it("reads only series the server exports, with their labels", () => {
    for (const expr of dashboardExprs) expectKnown(expr);
  });

  it("shows every metric the server exports", () => {
    const shown = new Set(dashboardExprs.flatMap((expr) => references(expr).series.map((ref) => ref.name)));
    for (const metric of Object.values(METRICS))
      expect(
        [...shown].some((series) => series === metric.name || series.startsWith(`${metric.name}_`)),
        metric.name,
      ).toBe(true);
  });
});

describe("deploy/prometheus/alerts.yml", () => {
  it("alerts on queue age, supplier error rate, payment-to-eSIM p95 and the 5xx rate", () => {
    const reads = (metric: string) => rules.filter((rule) => rule.expr.includes(metric));
    expect(reads("roamly_job_queue_oldest_age_seconds")).toHaveLength(1);
    expect(reads("roamly_supplier_calls_total").some((rule) => /outcome="error"/.test(rule.expr))).toBe(true);
    expect(
      reads("roamly_payment_to_esim_seconds_bucket").some((rule) =>
        /histogram_quantile\(0\.95/.test(rule.expr),
      ),
    ).toBe(true);
    expect(reads("roamly_http_requests_total").some((rule) => /status=~"5\.\."/.test(rule.expr))).toBe(true);
  });

  it("names each rule once, with a duration, a severity and a summary", () => {
    const names = rules.map((rule) => rule.alert);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of rules) {
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(["page", "warn"], rule.alert).toContain(rule.labels?.severity);
    }
  });

  it("reads only series the server exports, with their labels", () => {
    for (const rule of rules) expectKnown(rule.expr);
  });
});
