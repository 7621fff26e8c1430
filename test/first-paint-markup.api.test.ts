import { describe, expect, it } from "vitest";
import { PLAN } from "../server/modules/checkout/purchase-test-kit.ts";
import { setupPageApp } from "./api.ts";

/*
 * Issue 15, ADR 0143, 0285, 0291: what Lighthouse's mobile run paints first on home, plp and pdp. The largest
 * element of each page is in the server's HTML and fetched at once: home's hero and the pdp's picture are the only
 * pictures fetched at high priority, preloaded in the head and never lazy; the plp's largest element is its
 * heading (text), so none of its 219 destination flags competes with it: every one loads lazily. The scripts that
 * wait for the first paint are production-only (e2e/first-paint-scripts.spec.ts).
 */

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

const app = setupPageApp();

async function phonePage(url: string): Promise<string> {
  const res = await app.server.inject({ method: "GET", url, headers: { "user-agent": PHONE_UA } });
  expect(res.statusCode, url).toBe(200);
  return res.body;
}

const images = (html: string) => html.match(/<img\b[^>]*>/g) ?? [];
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? null;
const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));

/** The one high-priority picture of a page, checked to be eager and preloaded first in the head. */
function heroOf(html: string): string {
  const heroes = images(html).filter((tag) => attribute(tag, "fetchpriority") === "high");
  expect(heroes).toHaveLength(1);
  const hero = heroes[0] ?? "";
  expect(attribute(hero, "loading")).not.toBe("lazy");
  expect(attribute(hero, "width")).toMatch(/^\d+$/);
  expect(attribute(hero, "height")).toMatch(/^\d+$/);
  const src = attribute(hero, "src");
  const preloads = headOf(html).match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
  const preloaded = preloads.find((link) => attribute(link, "href") === src);
  expect(preloaded, `the head preloads ${src}`).toBeDefined();
  expect(attribute(preloaded ?? "", "fetchpriority")).toBe("high");
  return hero;
}

describe("the largest element of home, plp and pdp comes first (ADR 0143, 0285, 0291)", () => {
  it("home: the hero picture is the one fetched first", async () => {
    const hero = heroOf(await phonePage("/"));
    expect(attribute(hero, "src")).toMatch(/^\/media\/banner\//);
  });

  it("pdp: the plan's picture, at the top of the page, is the one fetched first", async () => {
    const html = await phonePage(`/pdp/${PLAN}`);
    const hero = heroOf(html);
    const main = html.slice(html.indexOf('<main id="main"'));
    expect(images(main)[0]).toBe(hero);
    expect(attribute(hero, "src")).toMatch(/^\/media\//);
  });

  it("plp: no picture competes with the heading; every destination's flag loads lazily", async () => {
    const html = await phonePage("/plp?type=COUNTRY");
    expect(images(html).filter((tag) => attribute(tag, "fetchpriority") === "high")).toEqual([]);
    expect(headOf(html)).not.toMatch(/<link rel="preload" as="image"/);
    const picker = html.slice(html.indexOf("data-destination-picker"));
    const tiles = picker.match(/<a\b[^>]*class="dest-tile"[^>]*>\s*<img\b[^>]*>/g) ?? [];
    expect(tiles.length).toBeGreaterThan(200);
    for (const tile of tiles) expect(attribute(tile.slice(tile.indexOf("<img")), "loading")).toBe("lazy");
    // The heading comes before the picker, in the first screen.
    expect(html.indexOf("<h1")).toBeGreaterThan(-1);
    expect(html.indexOf("<h1")).toBeLessThan(html.indexOf("data-destination-picker"));
  });
});
