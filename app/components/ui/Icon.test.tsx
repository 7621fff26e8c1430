import { readFileSync } from "node:fs";
import ArrowUp from "lucide-react/icons/arrow-up";
import SimCard from "lucide-react/icons/card-sim";
import ChevronDown from "lucide-react/icons/chevron-down";
import Globe from "lucide-react/icons/globe";
import House from "lucide-react/icons/house";
import LayoutGrid from "lucide-react/icons/layout-grid";
import Search from "lucide-react/icons/search";
import SlidersHorizontal from "lucide-react/icons/sliders-horizontal";
import Smartphone from "lucide-react/icons/smartphone";
import Store from "lucide-react/icons/store";
import User from "lucide-react/icons/user";
import X from "lucide-react/icons/x";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon, type IconName } from "./Icon.tsx";

// ADR 0287: the shell draws lucide's shapes itself; each icon must look exactly as lucide's component drew it.
const LUCIDE: Record<IconName, typeof Search> = {
  search: Search,
  globe: Globe,
  grid: LayoutGrid,
  user: User,
  home: House,
  store: Store,
  sim: SimCard,
  up: ArrowUp,
  close: X,
  chevronDown: ChevronDown,
  phone: Smartphone,
  filters: SlidersHorizontal,
};

const OPEN_TAG = /^<svg([^>]*)>/;
const attributesOf = (tag: string) =>
  Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));

// The `.icon` rule of app/app.css, as property → value.
const iconRule = (() => {
  const body = /\.icon\s*\{([^}]*)\}/.exec(readFileSync("app/app.css", "utf8"))?.[1] ?? "";
  return Object.fromEntries(
    body
      .split(";")
      .map((declaration) => declaration.split(":").map((part) => part.trim()))
      .filter(([property, value]) => property && value),
  );
})();

describe("Icon", () => {
  for (const [name, Lucide] of Object.entries(LUCIDE) as [IconName, typeof Search][]) {
    it(`${name} draws lucide's shapes with lucide's presentation`, () => {
      for (const className of [undefined, "size-4 text-slate-600"]) {
        const ours = renderToStaticMarkup(<Icon name={name} {...(className ? { className } : {})} />);
        const lucide = renderToStaticMarkup(
          <Lucide aria-hidden="true" strokeWidth={2} className={className ?? "size-5"} />,
        );
        // The same shapes inside.
        expect(ours.replace(OPEN_TAG, "")).toBe(lucide.replace(OPEN_TAG, ""));
        const own = attributesOf(OPEN_TAG.exec(ours)?.[1] ?? "");
        const theirs = attributesOf(OPEN_TAG.exec(lucide)?.[1] ?? "");
        expect(own).toEqual({
          viewBox: theirs.viewBox,
          class: `icon ${className ?? "size-5"}`,
          "aria-hidden": "true",
        });
        // Every presentation attribute lucide sets is the `.icon` rule's (the size in pixels).
        for (const attribute of ["fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin"]) {
          expect(iconRule[attribute], attribute).toBe(theirs[attribute]);
        }
        expect(iconRule.width).toBe(`${theirs.width}px`);
        expect(iconRule.height).toBe(`${theirs.height}px`);
      }
    });
  }
});
