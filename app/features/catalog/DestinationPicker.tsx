import { Link } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";

export interface PickerDestination {
  code: string;
  name: string;
  thumbnailUrl: string;
  fromPrice: number;
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
  const { t, href, price } = useI18n();
  return (
    <>
      <ul
        className="mt-6 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        data-destination-picker
      >
        {destinations.map((destination) => (
          <li key={destination.code}>
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
