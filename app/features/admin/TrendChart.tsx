import { useEffect, useRef } from "react";
import "uplot/dist/uPlot.min.css";

export interface TrendSeries {
  label: string;
  values: number[];
  colour: string;
}

/**
 * A line chart of daily figures (the dashboard's trend, issue 16) drawn with uPlot (ADR 0226): small, fast,
 * bundled with the app (nothing downloaded). It is drawn in the browser; the figures are also in a table for
 * screen readers and without JavaScript, so the canvas itself is hidden from assistive technology.
 */
export function TrendChart({
  days,
  series,
  label,
}: {
  days: string[];
  series: TrendSeries[];
  label: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
      chart = new UPlot(
        {
          width: Math.max(320, Math.min(element.clientWidth || 640, 960)),
          height: 240,
          series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.colour, width: 2 }))],
          axes: [{}, { size: 40 }],
          scales: { x: { time: true } },
        },
        [xs, ...series.map((s) => s.values)],
        element,
      );
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [days, series]);
  return (
    <div ref={holder} data-testid="trend-chart" aria-hidden="true" title={label} className="min-h-[240px]" />
  );
}
