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

describe("Icon", () => {
  for (const [name, Lucide] of Object.entries(LUCIDE) as [IconName, typeof Search][]) {
    it(`${name} renders the markup lucide's component renders`, () => {
      for (const className of [undefined, "size-4 text-slate-600"]) {
        const ours = renderToStaticMarkup(<Icon name={name} {...(className ? { className } : {})} />);
        const lucide = renderToStaticMarkup(
          <Lucide aria-hidden="true" focusable="false" strokeWidth={2} className={className ?? "size-5"} />,
        );
        expect(ours).toBe(lucide);
      }
    });
  }
});
