import { createElement } from "react";

type Shape = readonly [tag: "path" | "circle" | "rect", attributes: Readonly<Record<string, string>>];

const path = (d: string): Shape => ["path", { d }];

// The shell's icons are lucide's (ADR 0260), drawn from their shapes here rather than through lucide-react's
// components (ADR 0287): the first load of every page then carries a dozen paths, not lucide's runtime (its
// context, class merging and attribute building). Lucide's presentation attributes (stroke, fill, line caps, the
// 24 px size) are one `.icon` rule in app/app.css rather than ten attributes on every icon (ADR 0290: 2.4 kB of
// home's markup). Icon.test.tsx checks each one draws exactly lucide's shapes with lucide's presentation.
const ICONS = {
  search: ["search", [path("m21 21-4.34-4.34"), ["circle", { cx: "11", cy: "11", r: "8" }]]],
  globe: [
    "globe",
    [
      ["circle", { cx: "12", cy: "12", r: "10" }],
      path("M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20"),
      path("M2 12h20"),
    ],
  ],
  grid: [
    "layout-grid",
    [
      ["rect", { width: "7", height: "7", x: "3", y: "3", rx: "1" }],
      ["rect", { width: "7", height: "7", x: "14", y: "3", rx: "1" }],
      ["rect", { width: "7", height: "7", x: "14", y: "14", rx: "1" }],
      ["rect", { width: "7", height: "7", x: "3", y: "14", rx: "1" }],
    ],
  ],
  user: [
    "user",
    [path("M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2"), ["circle", { cx: "12", cy: "7", r: "4" }]],
  ],
  home: [
    "house lucide-home",
    [
      path("M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8"),
      path(
        "M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z",
      ),
    ],
  ],
  store: [
    "store",
    [
      path("M15 21v-5a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v5"),
      path(
        "M17.774 10.31a1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.451 0 1.12 1.12 0 0 0-1.548 0 2.5 2.5 0 0 1-3.452 0 1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.77-3.248l2.889-4.184A2 2 0 0 1 7 2h10a2 2 0 0 1 1.653.873l2.895 4.192a2.5 2.5 0 0 1-3.774 3.244",
      ),
      path("M4 10.95V19a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8.05"),
    ],
  ],
  sim: [
    "card-sim",
    [
      path("M12 14v4"),
      path(
        "M14.172 2a2 2 0 0 1 1.414.586l3.828 3.828A2 2 0 0 1 20 7.828V20a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z",
      ),
      path("M8 14h8"),
      ["rect", { x: "8", y: "10", width: "8", height: "8", rx: "2" }],
    ],
  ],
  up: ["arrow-up", [path("m5 12 7-7 7 7"), path("M12 19V5")]],
  close: ["x", [path("M18 6 6 18"), path("m6 6 12 12")]],
  chevronDown: ["chevron-down", [path("m6 9 6 6 6-6")]],
  phone: [
    "smartphone",
    [["rect", { width: "14", height: "20", x: "5", y: "2", rx: "2", ry: "2" }], path("M12 18h.01")],
  ],
  filters: [
    "sliders-horizontal",
    [
      "M10 5H3",
      "M12 19H3",
      "M14 3v4",
      "M16 17v4",
      "M21 12h-9",
      "M21 19h-5",
      "M21 5h-7",
      "M8 10v4",
      "M8 12H3",
    ].map(path),
  ],
} as const satisfies Record<string, readonly [string, readonly Shape[]]>;

export type IconName = keyof typeof ICONS;

export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  const [, shapes] = ICONS[name];
  return (
    <svg viewBox="0 0 24 24" className={`icon ${className}`} aria-hidden="true">
      {shapes.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
