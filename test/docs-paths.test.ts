import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The newcomers' pages name exact files: "where to change what" and the living chapters in docs/architecture.
 * A file that moves or goes without its page being updated fails here, in the same change (contributing.md:
 * "Update the chapter in the same change as the code").
 */
const PAGES = [
  "docs/where-to-change-what.md",
  ...readdirSync("docs/architecture")
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join("docs/architecture", name)),
];

/** A path in backticks that starts at one of the repository's top folders, e.g. `server/infra/cache.ts`. */
const REPO_PATH = /`((?:server|app|core|db|bench|e2e|scripts|test|deploy|docs)\/[A-Za-z0-9_.\-/]*)`/g;
/** A relative Markdown link, without its #anchor. */
const LINK = /\]\(([^)#\s]+)(?:#[^)]*)?\)/g;

function repoPaths(text: string): string[] {
  return [...new Set([...text.matchAll(REPO_PATH)].map((match) => match[1] as string))];
}

function relativeLinks(text: string): string[] {
  return [...text.matchAll(LINK)].map((match) => match[1] as string).filter((link) => !/^[a-z]+:/.test(link));
}

describe("the pages that name files (docs/where-to-change-what.md, docs/architecture/)", () => {
  it.each(PAGES)("%s names only files and folders that exist", (page) => {
    const text = readFileSync(page, "utf8");
    const missing = repoPaths(text).filter((repoPath) => !existsSync(repoPath));
    expect(missing, `${page} names paths that are gone: fix the page`).toEqual([]);
  });

  it.each(PAGES)("%s links only to pages that exist", (page) => {
    const text = readFileSync(page, "utf8");
    const broken = relativeLinks(text).filter((link) => !existsSync(path.join(path.dirname(page), link)));
    expect(broken, `${page} has broken links`).toEqual([]);
  });

  it("reads a path and a link the way the pages write them", () => {
    const text =
      "Edit `server/infra/cache.ts` (see `README.md`), [caching](caching.md#tags), [site](https://x.example).";
    expect(repoPaths(text)).toEqual(["server/infra/cache.ts"]);
    expect(relativeLinks(text)).toEqual(["caching.md"]);
  });

  it("covers the six changes a newcomer asks about most", () => {
    const text = readFileSync("docs/where-to-change-what.md", "utf8");
    for (const heading of [
      "## Price rounding",
      "## An e-mail's text",
      "## A checkout field",
      "## A new eSIM supplier",
      "## A new content block",
      "## A new console page",
    ]) {
      expect(text, heading).toContain(`\n${heading}\n`);
    }
  });
});

describe("docs/architecture/README.md", () => {
  it("lists every chapter", () => {
    const index = readFileSync("docs/architecture/README.md", "utf8");
    const chapters = readdirSync("docs/architecture").filter(
      (name) => name.endsWith(".md") && name !== "README.md",
    );
    for (const chapter of chapters) expect(index, chapter).toContain(`](${chapter})`);
  });

  it("has chapters that each name the decision records behind them", () => {
    for (const chapter of readdirSync("docs/architecture").filter((name) => name !== "README.md")) {
      const text = readFileSync(path.join("docs/architecture", chapter), "utf8");
      expect(text, chapter).toMatch(/ADRs? \[?0\d{3}/);
    }
  });
});
