import { Link } from "react-router";
import { HydrateLater } from "../../lib/hydrate-later.tsx";
import { useI18n } from "../../lib/i18n.tsx";

export interface PickerDestination {
  code: string;
  name: string;
  thumbnailUrl: string;
  fromPrice: number;
}

/** Tiles hydrated per task: 24 take 2–4 ms here; Lighthouse's phone counts a task as blocking from 12.5 ms (ADR 0294). */
const TILES_PER_SLICE = 24;

function groups<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * The destination picker (issue 12, ADR 0262): "Countries", "Regions" and "Global" open a grid of destinations,
 * each with its flag, name and lowest price; a destination then lists its own plans.
 */
export function DestinationPicker({
  destinations,
  allPlansTo,
}: {
  destinations: PickerDestination[];
  allPlansTo: string;
}) {
  const { t, href } = useI18n();
  return (
    <>
      <ul
        className="mt-6 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        data-destination-picker
      >
        {groups(destinations, TILES_PER_SLICE).map((group) => (
          // 219 tiles are most of the page's hydration: a few dozen per task (ADR 0294).
          <HydrateLater key={group[0]?.code}>
            {group.map((destination) => (
              <DestinationTile key={destination.code} destination={destination} />
            ))}
          </HydrateLater>
        ))}
      </ul>
      <p className="mt-8 text-center">
        <Link
          to={href(allPlansTo)}
          className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-5 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          {t("discovery.allPlans")}
        </Link>
      </p>
    </>
  );
}

/** One tile; its link, name and price are worked out when its slice hydrates, not in the picker's own render. */
function DestinationTile({ destination }: { destination: PickerDestination }) {
  const { t, href, price } = useI18n();
  return (
    <li>
      <Link
        to={href(
          `/plp?${new URLSearchParams({ categoryCode: destination.code, categoryName: destination.name })}`,
        )}
        className="dest-tile"
      >
        <img src={destination.thumbnailUrl} alt="" width={36} height={24} loading="lazy" />
        {/* Styled as .dest-tile's first and last span (app/app.css). */}
        <span>{destination.name}</span>
        <span>{t("discovery.fromPrice", { price: price(destination.fromPrice) })}</span>
      </Link>
    </li>
  );
}
