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

// The shell's icons come from the lucide icon set (ADR 0260), imported one file per icon so the bundle carries
// only these.
const ICONS = {
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
} as const;

export type IconName = keyof typeof ICONS;

export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  const Glyph = ICONS[name];
  return <Glyph aria-hidden="true" focusable="false" strokeWidth={2} className={className} />;
}
