import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { escapeHtml } from "../../../core/html-escape.ts";
import { keptAnswers } from "../../../core/kept.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { destinationPlansPath } from "./destination-link.ts";

export interface PickerDestination {
  code: string;
  name: string;
  thumbnailUrl: string;
  fromPrice: number;
}

type I18n = ReturnType<typeof useI18n>;

/**
 * The tiles' markup, as React rendered them before (ADR 0300): a link to the destination's plans with its flag,
 * name and lowest price. Built as one string on the server and in the browser alike: 219 tiles as components were
 * a third of the page's server render and most of its hydration, for links that only need to navigate.
 */
export function pickerTilesHtml(destinations: PickerDestination[], { t, href, price }: I18n): string {
  // "from {price}" formatted once around a marker, then each tile's price put in its place.
  const marker = "\u0000";
  const [before = "", after = ""] = t("discovery.fromPrice", { price: marker }).split(marker);
  let html = "";
  for (const destination of destinations) {
    const to = href(destinationPlansPath(destination.code, destination.name));
    html +=
      `<li><a href="${escapeHtml(to)}" class="dest-tile">` +
      `<img src="${escapeHtml(destination.thumbnailUrl)}" alt="" width="36" height="24" loading="lazy"/>` +
      `<span>${escapeHtml(destination.name)}</span>` +
      `<span>${escapeHtml(before + price(destination.fromPrice) + after)}</span></a></li>`;
  }
  return html;
}

/**
 * The picker's destinations as loader data (ADR 0300): one JSON text of rows (code, name, flag, lowest price)
 * rather than 219 objects, which React Router's turbo-stream would flatten value by value on every render.
 */
export function encodePicker(destinations: readonly PickerDestination[]): string {
  return JSON.stringify(destinations.map((d) => [d.code, d.name, d.thumbnailUrl, d.fromPrice]));
}

export function decodePicker(encoded: string): PickerDestination[] {
  return (JSON.parse(encoded) as [string, string, string, number][]).map(
    ([code, name, thumbnailUrl, fromPrice]) => ({ code, name, thumbnailUrl, fromPrice }),
  );
}

/**
 * Tiles already written, with their count, by locale, currency and destinations: the grid is the same for every
 * visitor, so a render neither decodes the list nor writes it again.
 */
const written = keptAnswers<string, { html: string; count: number }>(32);

function tilesFor(encoded: string, i18n: I18n): { html: string; count: number } {
  const key = `${i18n.locale}|${i18n.currency.currencySymbol}|${i18n.currency.minorDigits}|${encoded}`;
  return written(key, () => {
    const destinations = decodePicker(encoded);
    return { html: pickerTilesHtml(destinations, i18n), count: destinations.length };
  });
}

/**
 * A click on a tile navigates in the app, as React Router's `Link` does (its `useLinkClickHandler`): the main
 * button, no modifier key, no target, not already handled. Anything else is the browser's own link.
 */
function followInApp(event: MouseEvent<HTMLElement>, navigate: (to: string) => void) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const link = (event.target as Element).closest?.("a[href]");
  if (!link || !event.currentTarget.contains(link) || link.hasAttribute("target")) return;
  event.preventDefault();
  navigate(link.getAttribute("href") ?? "");
}

/**
 * The destination picker (issue 12, ADR 0262): "Countries", "Regions" and "Global" open a grid of destinations,
 * each with its flag, name and lowest price; a destination then lists its own plans. The grid is one element
 * with the tiles' markup and one click listener (ADR 0300).
 */
export function DestinationPicker({ encoded, allPlansTo }: { encoded: string; allPlansTo: string }) {
  const i18n = useI18n();
  const { t, href } = i18n;
  const navigate = useNavigate();
  const tiles = tilesFor(encoded, i18n);
  return (
    <>
      <p className="mt-1 text-sm text-slate-700">{t("discovery.pickerCount", { count: tiles.count })}</p>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the tiles are links; Enter on one is a click on it */}
      <ul
        className="mt-6 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        data-destination-picker
        onClick={(event) => followInApp(event, navigate)}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: built by pickerTilesHtml, every value escaped
        dangerouslySetInnerHTML={{ __html: tiles.html }}
      />
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
