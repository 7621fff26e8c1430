import { describe, expect, it } from "vitest";
import type { ContentDocument } from "../../../db/schema/content-document.ts";
import { liveDocument } from "./service.ts";

// ADR 0381: what a page shows at a moment, of its published row and its schedules.
const doc = (title: string) =>
  ({
    formatVersion: 1,
    pageCode: "p",
    pageType: "LANDING",
    lang: "en_US",
    title,
    variants: [],
  }) as ContentDocument;
const at = (hour: number) => new Date(Date.UTC(2026, 11, 24, hour));
const published = { document: doc("published"), publishedAt: at(0), updatedAt: at(0) };
const winter = { startsAt: at(10), endsAt: at(20), document: doc("winter") };
const flash = { startsAt: at(12), endsAt: at(14), document: doc("flash") };

const title = (now: number, row: typeof published | null = published, schedules = [winter, flash]) =>
  liveDocument(row, schedules, at(now))?.title ?? null;

describe("the version a page shows at a moment (ADR 0381)", () => {
  it("serves a campaign between its start and its end, and what was live before it around it", () => {
    expect(title(9)).toBe("published");
    expect(title(10)).toBe("winter");
    expect(title(12)).toBe("flash");
    expect(title(14)).toBe("winter");
    expect(title(20)).toBe("published");
  });

  it("a publish made after a campaign started replaces it; a page never published exists only in its schedule", () => {
    expect(title(13, { ...published, publishedAt: at(11) })).toBe("flash");
    expect(title(11, { ...published, publishedAt: at(11) })).toBe("published");
    expect(title(11, null)).toBe("winter");
    expect(title(21, null)).toBeNull();
  });
});
