import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../core/constants.ts";
import { translate } from "../../../core/i18n/index.ts";
import { localePath } from "../../../core/locale-path.ts";
import { formatPrice } from "../../../core/money.ts";
import { decodePicker, encodePicker, type PickerDestination, pickerTilesHtml } from "./DestinationPicker.tsx";
import { formValue } from "./destination-link.ts";

/** What useI18n gives a page, made from the same functions, for one locale and currency. */
function i18n(locale: Locale, currency = { currencySymbol: "HK$", minorDigits: 2 }) {
  return {
    locale,
    currency,
    t: (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
      translate(locale, key, params),
    has: () => true,
    href: (path: string) => localePath(locale, path, true),
    price: (amountMinor: number) => formatPrice(amountMinor, currency, true),
  } as unknown as Parameters<typeof pickerTilesHtml>[1];
}

const japan: PickerDestination = {
  code: "JP",
  name: "Japan",
  thumbnailUrl: "/media/thumb/JP.svg",
  fromPrice: 3500,
};

/** Elements named `tag` in parsed HTML (entities decoded, as a browser reads them). */
const elements = (html: string, tag: string) =>
  DomUtils.getElementsByTagName(tag, parseDocument(`<ul>${html}</ul>`, { decodeEntities: true }));

/** The tiles as a browser reads them: each link's address, picture and text. */
function read(html: string) {
  return elements(html, "a").map((link) => {
    const img = DomUtils.getElementsByTagName("img", link)[0];
    return {
      className: link.attribs.class,
      href: link.attribs.href,
      img: img?.attribs.src,
      lazy: img?.attribs.loading,
      texts: DomUtils.getElementsByTagName("span", link).map((span) => DomUtils.textContent(span)),
    };
  });
}

describe("the destination picker's tiles (ADR 0300)", () => {
  it("link each destination to its plans with its flag, name and lowest price", () => {
    expect(read(pickerTilesHtml([japan], i18n("en_US")))).toEqual([
      {
        className: "dest-tile",
        href: "/plp?categoryCode=JP&categoryName=Japan",
        img: "/media/thumb/JP.svg",
        lazy: "lazy",
        texts: ["Japan", "from HK$35.00"],
      },
    ]);
  });

  it("speak the shopper's locale, its address prefix included", () => {
    const [tile] = read(
      pickerTilesHtml([{ ...japan, name: "日本" }], i18n("zh_CN", { currencySymbol: "¥", minorDigits: 2 })),
    );
    expect(tile?.href).toBe(
      `/zh_CN/plp?${new URLSearchParams({ categoryCode: "JP", categoryName: "日本" })}`,
    );
    expect(tile?.texts).toEqual(["日本", "¥35.00 起"]);
  });

  it("escape what an operator typed: a name or a picture address cannot add markup", () => {
    const hostile: PickerDestination = {
      code: "XX",
      name: `Côte d'Ivoire <img src=x onerror=alert(1)> & "friends"`,
      thumbnailUrl: `/media/x.svg" onload="alert(1)`,
      fromPrice: 100,
    };
    const html = pickerTilesHtml([hostile], i18n("en_US"));
    expect(elements(html, "img")).toHaveLength(1);
    expect(elements(html, "img")[0]?.attribs.onload).toBeUndefined();
    const [tile] = read(html);
    expect(tile?.texts[0]).toBe(hostile.name);
    expect(tile?.img).toBe(hostile.thumbnailUrl);
    expect(new URL(tile?.href ?? "", "http://x").searchParams.get("categoryName")).toBe(hostile.name);
  });

  it("write the destination's address exactly as URLSearchParams would", () => {
    for (const name of [
      "Japan",
      "United States",
      "Côte d'Ivoire",
      "São Tomé & Príncipe",
      "A!B~C*D(E)F-G_H.I+J/K?L#M=N%O",
      "中国 (香港)",
    ]) {
      expect(formValue(name)).toBe(new URLSearchParams({ x: name }).toString().slice(2));
    }
  });

  it("travel as one JSON text of rows and come back as they were", () => {
    const destinations: PickerDestination[] = [
      japan,
      { code: "CI", name: `Côte d'Ivoire "<&>"`, thumbnailUrl: "/media/thumb/CI.svg", fromPrice: 0 },
    ];
    const encoded = encodePicker(destinations);
    expect(JSON.parse(encoded)).toEqual([
      ["JP", "Japan", "/media/thumb/JP.svg", 3500],
      ["CI", `Côte d'Ivoire "<&>"`, "/media/thumb/CI.svg", 0],
    ]);
    expect(decodePicker(encoded)).toEqual(destinations);
  });
});
