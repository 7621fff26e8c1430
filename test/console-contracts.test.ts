import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { consoleContract, consoleHref, contractPath } from "../server/modules/admin/contract.ts";
import { exportPlansSheet } from "../server/modules/catalog/console/console-contract.ts";
import { refundScreenshot } from "../server/modules/refund/console-contract.ts";

// Issue 33 item 1 (ADR 0407): every console endpoint is declared once as a contract, pages call it typed and read
// their forms through its schemas. Every page and route file has moved (ADRs 0410–0415); the string-path calls and
// the definition form of adminRoute are gone, and this test keeps a new file from bringing the older style back.

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * What a page on contracts never does: a string-path call, a cast answer, a form field read by hand or a raw form
 * cast to a record (a form schema reads it through `formSchema`, app/features/admin/form-schema.ts), or an API
 * address typed out (a link to an endpoint is `consoleHref(contract, input)`).
 */
const OLD_PAGE_STYLE = [
  /readConsole(OrNull)?</,
  /callConsole\(args, \{/,
  /\.body as\b/,
  /\bresult\.body\b/,
  /\bactionResult\(/,
  /\b(raw)?[fF]ield\(form/,
  /as Record<string,/,
  /["'`]\/o2adm\/v1/,
];

function consolePages() {
  return readdirSync(path.join(ROOT, "app/routes")).filter((name) => /^admin\..*\.tsx?$/.test(name));
}

function files(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(path.join(dir, entry.name))
      : entry.name.endsWith(".ts") && !entry.name.includes(".test.")
        ? [path.join(dir, entry.name)]
        : [],
  );
}

describe("console contracts", () => {
  it("no console page on contracts casts an answer, calls by string path or reads a form field by hand", () => {
    const old = consolePages().filter((name) => {
      const text = readFileSync(path.join(ROOT, "app/routes", name), "utf8");
      return OLD_PAGE_STYLE.some((pattern) => pattern.test(text));
    });
    expect(old).toEqual([]);
  });

  it("console route files on contracts register only from contracts and hold no transaction", () => {
    const routeFiles = files("server/modules").filter((file) =>
      /\badminRoute\(app,/.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    const legacy = routeFiles.filter((file) =>
      /\badminRoute\(app, \{/.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(legacy).toEqual([]);
    for (const file of routeFiles)
      expect(readFileSync(path.join(ROOT, file), "utf8"), file).not.toMatch(
        /\btransaction\(|auditedChange\(/,
      );
  });

  it("builds a call's path from its contract: params encoded, set query values only", () => {
    const contract = consoleContract({
      method: "GET",
      path: "/things/:code/parts/:part",
      permission: "catalog.read",
      params: z.object({ code: z.string(), part: z.string() }),
      query: z.object({ q: z.string().optional(), page: z.number().optional(), tags: z.array(z.string()) }),
      response: z.object({}),
    });
    expect(
      contractPath("/o2adm/v1", contract, {
        params: { code: "A B/1", part: "x" },
        query: { q: "日本", page: 2, tags: ["a", "b"], empty: "" } as never,
      }),
    ).toBe("/o2adm/v1/things/A%20B%2F1/parts/x?q=%E6%97%A5%E6%9C%AC&page=2&tags=a%2Cb");
    expect(() => contractPath("/o2adm/v1", contract, { params: { code: "A" } })).toThrow(/part is missing/);
    // A link to an endpoint a page does not call (a download, an image) is built the same way.
    expect(consoleHref(exportPlansSheet)).toBe("/o2adm/v1/catalog/plans-sheet");
    expect(consoleHref(refundScreenshot, { params: { id: "a/b" } })).toMatch(/^\/o2adm\/v1\/.*a%2Fb/);
  });
});
