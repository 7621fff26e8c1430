import { createRequire } from "node:module";
import {
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
  type Response,
} from "@playwright/test";

/**
 * The `test` every journey imports. On top of Playwright's own fixtures it:
 * - runs an axe check (WCAG 2.0/2.1 A and AA) on every page the test visits: after each document load, after
 *   each client-side navigation, and once more on every open page at the end of the test;
 * - fails the test when the browser logs a console error or throws an uncaught page error, unless the message
 *   matches `allowedConsoleErrors` (file or describe level, `test.use`) or `consoleErrors.allow()` (one test).
 *   Chromium's "Failed to load resource" for a document the test navigated to (a 404 page) is not an error;
 * - makes `page.goto`, `reload`, `goBack` and `goForward` resolve only once React has hydrated the storefront
 *   page (ADR 0154), so the next fill or click reaches React. After a click that loads a new document, use
 *   `hydrated(page)`;
 * - records every toast the page shows (ADR 0170), so `expectToast(page, text)` passes for a toast that was
 *   shown and has already gone: toasts last 2000 ms (spec 9), less than a busy machine may take to look.
 *
 *   import { test, expect, checkA11y, mobile } from "./fixtures.ts";
 *   test.use(mobile);
 *   test("opens the currency popup", async ({ page }) => {
 *     await page.goto("/");
 *     await page.getByRole("button", { name: "HKD" }).click();
 *     await checkA11y(page); // the dialog's own state, not only the loaded page
 *   });
 */

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** A phone-sized browser (spec 9: below the 720 px breakpoint). Use with `test.use(mobile)`. */
export const mobile = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/** A desktop browser at the large breakpoint (spec 9: 1440). Use with `test.use(desktop)`. */
export const desktop = {
  viewport: { width: 1440, height: 900 },
  isMobile: false,
  hasTouch: false,
};

export interface A11yViolation {
  url: string;
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
  /** Per target, axe's account of what is wrong there (for color-contrast: the colours and the ratio). */
  summaries: string[];
}

export interface ConsoleErrors {
  /** Lets this test log console errors matching the pattern (for a test that expects one). */
  allow(pattern: string | RegExp): void;
  /** Every console error and page error seen so far, allowed or not. */
  readonly messages: readonly string[];
  /** The ones that will fail the test. */
  readonly unexpected: readonly string[];
}

interface HarnessOptions {
  /** Console or page errors matching one of these do not fail the test. */
  allowedConsoleErrors: (string | RegExp)[];
  /** Only for the harness's own tests (e2e/harness.spec.ts): collect findings without failing. */
  failOnFindings: boolean;
}

interface HarnessFixtures {
  consoleErrors: ConsoleErrors;
  /** Violations found so far by the automatic checks (read-only; the test fails on them at its end). */
  a11yViolations: readonly A11yViolation[];
}

// One axe run at a time per page: axe refuses to start while another run is in progress in the same document.
const queues = new WeakMap<Page, Promise<unknown>>();

function enqueue<T>(page: Page, job: () => Promise<T>): Promise<T> {
  const previous = queues.get(page) ?? Promise.resolve();
  const next = previous.then(job, job);
  queues.set(
    page,
    next.catch(() => undefined),
  );
  return next;
}

/** Waits until every axe check already scheduled on the page has finished. */
async function settled(page: Page): Promise<void> {
  await (queues.get(page) ?? Promise.resolve());
}

/** An axe run that failed because the page went away: the next page is checked on its own load. */
function isGone(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Execution context was destroyed|closed|navigat|detached/i.test(message);
}

async function afterPaint(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

// What the last automatic check saw, so the end-of-test check can skip a page that has not changed since.
const lastChecked = new WeakMap<Page, string>();

/** The page's URL and a hash of its markup: cheap next to an axe run (seconds on a busy two-core machine). */
function fingerprint(page: Page): Promise<string> {
  return page.evaluate(() => {
    const html = document.documentElement.outerHTML;
    let hash = 0;
    for (let i = 0; i < html.length; i++) hash = (Math.imul(hash, 31) + html.charCodeAt(i)) | 0;
    return `${location.href}#${html.length}:${hash}`;
  });
}

/** axe found missing in the page: the document was replaced between its injection and its run. */
const AXE_MISSING = /reading '(run|runPartial)'|axe is not defined/;
/**
 * axe's check of a same-origin frame (the page editor's canvas) never answered: the frame was being reloaded while
 * axe ran in it. Checked again, like a document replaced mid-check, and waited for at most FRAME_WAIT_MS, not axe's
 * default minute (which outlasted the test's own timeout).
 */
const AXE_FRAME_TIMEOUT = /Axe in frame timed out/;
const FRAME_WAIT_MS = 10_000;

async function runAxe(page: Page): Promise<A11yViolation[]> {
  try {
    return await runAxeOnce(page);
  } catch (error) {
    // axe is injected, then run, in two evaluations. When the document is replaced between them (a form post or
    // a redirect under way when the check started), the run finds no axe. Give that navigation a moment, then
    // check the document that is there now. If it is still being replaced, report the page as gone: its new
    // document gets its own check when it arrives (framenavigated).
    if (!AXE_MISSING.test(String(error)) && !AXE_FRAME_TIMEOUT.test(String(error))) throw error;
    await page.waitForTimeout(500);
    await afterPaint(page);
    try {
      return await runAxeOnce(page);
    } catch (again) {
      if (AXE_MISSING.test(String(again)))
        throw new Error(`the document navigated away while axe ran: ${again}`);
      throw again;
    }
  }
}

/** The axe-core that @axe-core/playwright itself injects (its own dependency, so always the same version). */
const AXE_SOURCE: string = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))(
  "axe-core",
).source;
const AXE_CONFIGURE =
  ';axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } })';

/**
 * Puts axe into every frame of the page that does not have it yet, as AxeBuilder's legacy mode does (a frame that
 * takes over a second or fails is left out, as there). AxeBuilder injected its 550 kB script twice per check, once
 * more for every later check of the same document: half of a check's time on a busy machine.
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate("typeof window.axe?.run === 'function'")) continue;
      await Promise.race([
        frame.evaluate(AXE_SOURCE),
        new Promise((_, reject) => setTimeout(() => reject(new Error("Script Timeout")), 1_000)),
      ]);
      await frame.evaluate(AXE_CONFIGURE);
    } catch {
      // As AxeBuilder: a frame axe cannot enter is not checked; the main frame's run then reports a missing axe.
    }
  }
}

async function runAxeOnce(page: Page): Promise<A11yViolation[]> {
  const url = page.url();
  await injectAxe(page);
  // AxeBuilder's legacy run: axe.run inside the page. The default mode finishes every run in a blank page it opens
  // in the test's own browser context: that page raced the tests' clock calls ("target closed" while it closed)
  // and could be taken for the popup a test waits for. The store has no cross-origin frames, the one thing legacy
  // mode does not check. Only violations are collected: axe then skips describing every passing node (a third of
  // its time on the home page) and sends far less back.
  const outcome = await page.evaluate(
    ({ tags, frameWaitTime }) => {
      const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
      return axe
        .run(
          { exclude: [], include: [] },
          { frameWaitTime, runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] },
        )
        .then(
          (results) => ({ error: null, violations: results.violations }),
          (error: Error) => ({ error: error.message, violations: null }),
        );
    },
    { tags: WCAG_TAGS, frameWaitTime: FRAME_WAIT_MS },
  );
  if (outcome.error !== null || !outcome.violations) throw new Error(outcome.error ?? "axe returned nothing");
  return outcome.violations.map((violation) => ({
    url,
    id: violation.id,
    impact: violation.impact ?? "unknown",
    help: violation.help,
    helpUrl: violation.helpUrl,
    targets: violation.nodes.map((node) => node.target.map(String).join(" ")),
    summaries: violation.nodes.map((node) => summarize(node.failureSummary)),
  }));
}

/** axe's "Fix any of the following:\n  Element has …" without the boilerplate, on one line. */
function summarize(failureSummary: string | undefined): string {
  return (failureSummary ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !/^Fix (any|all) of the following:$/.test(line))
    .join("; ");
}

export function formatViolations(violations: readonly A11yViolation[]): string {
  const lines: string[] = [];
  let url = "";
  for (const v of violations) {
    if (v.url !== url) {
      url = v.url;
      lines.push(`Accessibility violations on ${url}:`);
    }
    lines.push(`  - ${v.id} (${v.impact}): ${v.help}`);
    v.targets.forEach((target, index) => {
      const summary = v.summaries[index];
      lines.push(`      at ${target}${summary ? `: ${summary}` : ""}`);
    });
    lines.push(`      ${v.helpUrl}`);
  }
  return lines.join("\n");
}

/**
 * Runs axe on the page as it is now and fails at once on any violation. Use it after an interaction that
 * changes the page without navigating (a dialog, a popup, an expanded list).
 */
export async function checkA11y(page: Page): Promise<void> {
  const violations = await enqueue(page, async () => {
    await afterPaint(page);
    return runAxe(page);
  });
  if (violations.length > 0) throw new Error(formatViolations(violations));
}

function isAllowed(message: string, allowed: readonly (string | RegExp)[]): boolean {
  return allowed.some((pattern) =>
    typeof pattern === "string" ? message.includes(pattern) : pattern.test(message),
  );
}

/**
 * Chromium logs "Failed to load resource" for a document the server answered with 404 or 500. When the test
 * navigated there itself, the status is what it checks (a 404 page), not a broken page; a failing script,
 * stylesheet or fetch still fails the test.
 */
function isDocumentStatus(error: { text: string; source?: string }, documents: Set<string>): boolean {
  return (
    error.source !== undefined &&
    documents.has(error.source) &&
    /Failed to load resource: the server responded with a status of/.test(error.text)
  );
}

interface Watch {
  violations: A11yViolation[];
  skipped: string[];
  harnessErrors: string[];
  errors: { text: string; source?: string }[];
  /** Documents the server answered with an error status (a 404 page under test). */
  documentErrors: Set<string>;
  allowed: (string | RegExp)[];
  pages: Set<Page>;
}

function watchPage(page: Page, watch: Watch) {
  if (watch.pages.has(page)) return;
  watch.pages.add(page);
  let scheduled = false;

  const check = () => {
    // Several navigations in a row (a redirect, a hash change) need only one check of where they end up.
    if (scheduled) return;
    scheduled = true;
    enqueue(page, async () => {
      scheduled = false;
      await afterPaint(page);
      if (!/^https?:/.test(page.url())) return;
      const seen = await fingerprint(page);
      watch.violations.push(...(await runAxe(page)));
      lastChecked.set(page, seen);
    }).catch((error: unknown) => {
      if (isGone(error)) watch.skipped.push(page.url());
      else watch.harnessErrors.push(`axe could not check ${page.url()}: ${String(error)}`);
    });
  };

  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) check();
  });
  page.on("response", (response) => {
    const request = response.request();
    if (response.status() >= 400 && request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      watch.documentErrors.add(response.url());
    }
  });
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const source = message.location().url;
    const where = source ? ` (${source})` : "";
    watch.errors.push({ text: `console.error on ${page.url()}: ${message.text()}${where}`, source });
  });
  page.on("pageerror", (error) => {
    watch.errors.push({ text: `uncaught error on ${page.url()}: ${error.stack ?? error.message}` });
  });

  // Leaving a page through these waits for its pending check, so the check sees the page it was meant for.
  // Arriving waits until React drives the new document (see `interactive`), so the test's first click or
  // keystroke reaches React instead of a page that is still only server-rendered HTML.
  for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      await settled(page);
      const response = await original(...args);
      await interactive(page, response);
      return response;
    };
  }
}

/** How long a navigation waits for hydration before letting the test go on (its own assertions then report). */
const HYDRATION_WAIT_MS = 20_000;

/**
 * Playwright's navigations resolve on the load event, but React Router imports its client entry dynamically
 * and hydrates in a transition: on a loaded two-core machine React can start hundreds of milliseconds later.
 * Typing into a field before then is lost (React never sees the input event), and listeners attached in
 * effects (scroll, touch, document keys) are not there yet. So after a navigation this waits until the root
 * has hydrated (`data-hydrated`, set after every child's effects). An error page (status 400 and up) is
 * rendered by the root's ErrorBoundary, which does not set the marker: for it, React listening on the
 * document is enough (React hydrates synchronously on a click or key). Pages that are not the storefront's
 * (the sandbox's hosted payment page, a file, a page served by route interception) are not waited for.
 * Never fails: a page that does not hydrate is for the test's own assertions to report.
 */
async function interactive(page: Page, response: Response | null): Promise<void> {
  const errorPage = (response?.status() ?? 200) >= 400;
  try {
    await page.waitForFunction(
      (isErrorPage) => {
        if (!("__reactRouterContext" in window)) return true;
        if (document.documentElement.dataset.hydrated === "true") return true;
        return isErrorPage && document.documentElement.dataset.listening === "true";
      },
      errorPage,
      { timeout: HYDRATION_WAIT_MS, polling: 50 },
    );
  } catch {
    // Timed out, navigated away, or the page closed: nothing to wait for any more.
  }
}

function dedupe(violations: readonly A11yViolation[]): A11yViolation[] {
  const seen = new Map<string, A11yViolation>();
  for (const v of violations) {
    const key = `${v.url}|${v.id}|${v.targets.join(",")}`;
    if (!seen.has(key)) seen.set(key, v);
  }
  return [...seen.values()];
}

function unexpectedErrors(watch: Watch): string[] {
  return watch.errors
    .filter((error) => !isDocumentStatus(error, watch.documentErrors))
    .map((error) => error.text)
    .filter((message) => !isAllowed(message, watch.allowed));
}

const watches = new WeakMap<BrowserContext, Watch>();

/**
 * The toast region: the shell's live region (NotifyHost, role=status, aria-live=polite, named "Notifications"
 * or its translation). Only toasts inside an element like this are recorded, so a recorded toast was also
 * announced to screen readers.
 */
const TOAST_REGION = '[role="status"][aria-live="polite"][aria-label]';

interface ToastLog {
  /** Marks the first not yet taken toast with this text as taken; answers whether there was one. */
  take(source: string, flags: string | null): boolean;
  /** Every toast text shown in this document so far, taken or not. */
  shown(): string[];
}

/**
 * Runs in every document before its own scripts (an init script): watches the toast region and records each
 * toast when it appears with text and is rendered (has a box, is not hidden). The log belongs to the document,
 * so a new document starts with none; client-side navigations keep it.
 */
function recordToasts(region: string) {
  const shown: { text: string; taken: boolean }[] = [];
  const seen = new WeakMap<Element, string>();
  const rendered = (element: Element) => {
    const box = element.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.height > 0 &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    );
  };
  const scan = () => {
    for (const host of document.querySelectorAll(region)) {
      for (const toast of host.children) {
        const text = (toast.textContent ?? "").replace(/\s+/g, " ").trim();
        if (!text || seen.get(toast) === text || !rendered(toast)) continue;
        seen.set(toast, text);
        shown.push({ text, taken: false });
      }
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
  const log: ToastLog = {
    take(source, flags) {
      scan(); // one on screen now that was not rendered when it appeared
      const matches = (text: string) =>
        flags === null ? text === source : new RegExp(source, flags).test(text);
      const toast = shown.find((entry) => !entry.taken && matches(entry.text));
      if (toast) toast.taken = true;
      return toast !== undefined;
    },
    shown: () => shown.map((entry) => entry.text),
  };
  (window as unknown as { __e2eToasts: ToastLog }).__e2eToasts = log;
}

/**
 * Passes once a toast with this text (whole text, whitespace collapsed; or matching the RegExp) is on screen or
 * has been shown in the page's current document, even if it has gone since. Each call takes one showing: to
 * expect the same toast twice, it must have been shown twice. Waits up to the expect timeout.
 */
export async function expectToast(page: Page, text: string | RegExp, options: { timeout?: number } = {}) {
  const source = typeof text === "string" ? text.replace(/\s+/g, " ").trim() : text.source;
  const flags = typeof text === "string" ? null : text.flags;
  await expect
    .poll(
      async () => {
        try {
          return await page.evaluate(
            ([source, flags]) => {
              const log = (window as unknown as { __e2eToasts?: ToastLog }).__e2eToasts;
              if (!log) return "no toast recorder in this page";
              return log.take(source, flags)
                ? "shown"
                : `not shown; toasts shown: ${
                    log
                      .shown()
                      .map((shown) => `«${shown}»`)
                      .join(", ") || "none"
                  }`;
            },
            [source, flags] as const,
          );
        } catch (error) {
          return `page not ready: ${error instanceof Error ? error.message : String(error)}`;
        }
      },
      { message: `toast ${String(text)}`, timeout: options.timeout },
    )
    .toBe("shown");
}

/** Resolves once React has hydrated the page (the root sets `data-hydrated` after every child's effects). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
}

export const test = base.extend<HarnessOptions & HarnessFixtures>({
  allowedConsoleErrors: [[], { option: true }],
  failOnFindings: [true, { option: true }],

  context: async ({ context, allowedConsoleErrors, failOnFindings }, use, testInfo) => {
    const watch: Watch = {
      violations: [],
      skipped: [],
      harnessErrors: [],
      errors: [],
      documentErrors: new Set(),
      allowed: [...allowedConsoleErrors],
      pages: new Set(),
    };
    watches.set(context, watch);
    await context.addInitScript(recordToasts, TOAST_REGION);
    for (const page of context.pages()) watchPage(page, watch);
    context.on("page", (page) => watchPage(page, watch));

    await use(context);

    // A final check of every page still open, so a test that ends on an interaction is covered too.
    // After a failure the page is in no state worth judging (and may hang), so only the errors are reported.
    const bodyPassed = testInfo.status === "passed";
    for (const page of watch.pages) {
      if (page.isClosed()) continue;
      try {
        await settled(page);
        if (bodyPassed && /^https?:/.test(page.url())) {
          const violations = await enqueue(page, async () => {
            await afterPaint(page);
            if (lastChecked.get(page) === (await fingerprint(page))) return [];
            return runAxe(page);
          });
          watch.violations.push(...violations);
        }
      } catch (error) {
        if (!isGone(error)) watch.harnessErrors.push(`axe could not check ${page.url()}: ${String(error)}`);
      }
    }

    const failures: string[] = [];
    const violations = dedupe(watch.violations);
    if (violations.length > 0) {
      await testInfo.attach("axe-violations.json", {
        body: JSON.stringify(violations, null, 2),
        contentType: "application/json",
      });
      failures.push(formatViolations(violations));
    }
    const unexpected = unexpectedErrors(watch);
    if (unexpected.length > 0) {
      failures.push(`Browser console errors:\n${unexpected.map((m) => `  - ${m}`).join("\n")}`);
    }
    failures.push(...watch.harnessErrors);
    if (failures.length > 0 && failOnFindings) {
      throw new Error(failures.join("\n\n"));
    }
  },

  consoleErrors: async ({ context }, use) => {
    const watch = watches.get(context);
    if (!watch) throw new Error("e2e/fixtures.ts: the context is not watched");
    await use({
      allow: (pattern) => {
        watch.allowed.push(pattern);
      },
      get messages() {
        return watch.errors.map((error) => error.text);
      },
      get unexpected() {
        return unexpectedErrors(watch);
      },
    });
  },

  a11yViolations: async ({ context }, use) => {
    await use(watches.get(context)?.violations ?? []);
  },
});

export type { Locator, Page };
export { expect };
