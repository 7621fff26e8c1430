import { DEFAULT_CURRENCY, LOCALES, type Locale } from "../../../core/constants.ts";
import { DESTINATION_TYPES } from "../../../db/schema/catalog.ts";
import type { ComponentAction } from "../../../db/schema/content-document.ts";
import type { createCatalogService } from "../catalog/service.ts";
import type { ContentRepo } from "./repo.ts";

/*
 * The page editor's action picker (issue 31 item 2, ADR 0369): destinations, plans, landing pages and notes found
 * by name in any of the three languages, each with the action a block stores to open it (spec 2's links).
 */

export type LinkTargetKind = "destination" | "plan" | "page" | "note";

export interface LinkTarget {
  kind: LinkTargetKind;
  /** The name in the language being edited. */
  label: string;
  /** The code, and the names in the other languages when they differ, so the operator can tell two apart. */
  detail: string;
  action: ComponentAction;
}

type Catalog = Pick<ReturnType<typeof createCatalogService>, "listDestinations" | "listPlansForDestination">;
interface PageList {
  list(filter: {
    siteCode?: string;
  }): Promise<{ pageCode: string; lang: string; pageType: string; title: string }[]>;
}

/** At most this many targets of each kind: a picker is a short list, refined by typing. */
export const LINK_TARGETS_PER_KIND = 8;

const fold = (text: string) => text.normalize("NFKC").toLowerCase();

export function createLinkTargets(deps: { catalog: Catalog; repo: ContentRepo; pages: PageList }) {
  return {
    async search(input: { term: string; siteCode: string; lang: Locale }): Promise<LinkTarget[]> {
      const term = fold(input.term.trim());
      if (term === "") return [];
      const matches = (...texts: string[]) => texts.some((text) => fold(text).includes(term));
      const other = (names: Record<string, string>) =>
        [...new Set(LOCALES.filter((l) => l !== input.lang).map((l) => names[l]!))].join(" · ");

      // Destinations: their names in every language, and their codes.
      const byCode = new Map<string, { type: string; names: Record<string, string>; popularity: number }>();
      for (const locale of LOCALES)
        for (const type of DESTINATION_TYPES)
          for (const row of await deps.catalog.listDestinations(type, locale)) {
            const entry = byCode.get(row.code) ?? { type, names: {}, popularity: row.popularity };
            entry.names[locale] = row.name;
            byCode.set(row.code, entry);
          }
      const destinations = [...byCode.entries()]
        .filter(([code, entry]) => fold(code) === term || matches(...Object.values(entry.names)))
        .sort((a, b) => b[1].popularity - a[1].popularity)
        .slice(0, LINK_TARGETS_PER_KIND);
      const targets: LinkTarget[] = destinations.map(([code, entry]) => ({
        kind: "destination",
        label: entry.names[input.lang] ?? code,
        detail: `${code} · ${other(entry.names)}`,
        action: { code: "PLP", data: { keyword: code, type: entry.type } },
      }));

      // Plans: those of the destinations found, and any whose code starts with the term.
      const planCodes = new Set(destinations.map(([code]) => code));
      for (const [code] of byCode) if (term.startsWith(`${fold(code)}-`)) planCodes.add(code);
      const plans: LinkTarget[] = [];
      for (const code of planCodes) {
        const list = await deps.catalog
          .listPlansForDestination(code, DEFAULT_CURRENCY, input.lang)
          .catch(() => []);
        for (const plan of list)
          if (planCodes.has(code) || fold(plan.platformProductCode).startsWith(term))
            plans.push({
              kind: "plan",
              label: plan.title,
              detail: plan.platformProductCode,
              action: { code: "PDP", data: { platformProductCode: plan.platformProductCode } },
            });
      }
      targets.push(...plans.slice(0, LINK_TARGETS_PER_KIND));

      // Landing pages of the site: their titles in every language.
      const pageTitles = new Map<string, Record<string, string>>();
      for (const row of await deps.pages.list({ siteCode: input.siteCode }))
        if (row.pageType === "LANDING") {
          const names = pageTitles.get(row.pageCode) ?? {};
          names[row.lang] = row.title;
          pageTitles.set(row.pageCode, names);
        }
      targets.push(
        ...[...pageTitles.entries()]
          .filter(([code, names]) => fold(code).includes(term) || matches(...Object.values(names)))
          .slice(0, LINK_TARGETS_PER_KIND)
          .map(([pageCode, names]): LinkTarget => {
            const label = names[input.lang] ?? names.en_US ?? pageCode;
            return {
              kind: "page",
              label,
              detail: pageCode,
              action: { code: "CLP", data: { pageCode, pageName: label } },
            };
          }),
      );

      // Notes: their titles in every language.
      const notes = new Map<string, Record<string, string>>();
      for (const row of await deps.repo.searchNotes(input.term.trim(), LINK_TARGETS_PER_KIND * 3)) {
        const names = notes.get(row.noteInfoCode) ?? {};
        names[row.lang] = row.noteTitle;
        notes.set(row.noteInfoCode, names);
      }
      targets.push(
        ...[...notes.entries()].slice(0, LINK_TARGETS_PER_KIND).map(
          ([noteInfoCode, names]): LinkTarget => ({
            kind: "note",
            label: names[input.lang] ?? Object.values(names)[0] ?? noteInfoCode,
            detail: noteInfoCode,
            action: { code: "NOTE", data: { noteInfoCode } },
          }),
        ),
      );
      return targets;
    },
  };
}

export type LinkTargets = ReturnType<typeof createLinkTargets>;
