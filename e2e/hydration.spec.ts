import { createOperator, signInAsOperator } from "./console-kit.ts";
import { desktop, expect, hydrated, mobile, type Page, test } from "./fixtures.ts";

// The server renders with React and the browser hydrates that HTML with React (ADR 0417). These checks were
// written for Preact's hydration (ADR 0292), which needed adapters for each; they hold for any renderer and stay
// as the proof that hydrating keeps the server's document: one <html>, the head as sent, ids that resolve, a
// focus kept, a title in the head, typed text kept, and an aborted request that is no error.

/** The document as the browser holds it: one <html>, <head> and <body>, and every id reference resolving. */
async function documentShape(page: Page) {
  return page.evaluate(() => {
    const ids = new Set([...document.querySelectorAll("[id]")].map((element) => element.id));
    const dangling: string[] = [];
    // A collapsed button's or an unselected tab's aria-controls may name what is not rendered yet.
    const open = '[aria-expanded="true"][aria-controls], [aria-selected="true"][aria-controls]';
    for (const attribute of [
      "for",
      "aria-controls",
      "aria-labelledby",
      "aria-describedby",
      "aria-errormessage",
    ]) {
      const selector = attribute === "aria-controls" ? open : `[${attribute}]`;
      for (const element of document.querySelectorAll(selector)) {
        for (const id of (element.getAttribute(attribute) ?? "").split(/\s+/).filter(Boolean)) {
          if (!ids.has(id)) dangling.push(`${element.tagName.toLowerCase()}[${attribute}=${id}]`);
        }
      }
    }
    const titles = [...document.querySelectorAll("title")];
    return {
      html: document.querySelectorAll("html").length,
      head: document.querySelectorAll("head").length,
      body: document.querySelectorAll("body").length,
      titlesOutsideHead: titles.filter((title) => title.parentElement !== document.head).length,
      title: document.title,
      alternates: [...document.head.querySelectorAll('link[rel="alternate"]')].map((link) =>
        link.getAttribute("hreflang"),
      ),
      dangling,
    };
  });
}

/**
 * An init script: notes every element the browser moves before the page listens (a connected node inserted
 * again), and focuses the first link in `<main>` at DOMContentLoaded, before the app hydrates, as a shopper
 * tabbing through a page whose scripts are still on their way would.
 */
function watchHydration() {
  const state = window as unknown as { movedWhileHydrating: string[]; focusedEarly: Element | null };
  state.movedWhileHydrating = [];
  state.focusedEarly = null;
  const nameOf = (node: Node) =>
    node instanceof Element ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}` : node.nodeName;
  const note = (node: Node) => {
    if (node.isConnected && document.documentElement.dataset.listening !== "true") {
      state.movedWhileHydrating.push(nameOf(node));
    }
  };
  const { insertBefore, appendChild } = Node.prototype;
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    note(node);
    return insertBefore.call(this, node, child) as T;
  };
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    note(node);
    return appendChild.call(this, node) as T;
  };
  document.addEventListener("DOMContentLoaded", () => {
    const link = document.querySelector<HTMLElement>("main a[href]");
    link?.focus();
    state.focusedEarly = link;
  });
}

test.describe("hydrating the server's HTML", () => {
  for (const [name, path, device, focusable] of [
    ["home on a phone", "/", mobile, true],
    ["a product page on a desktop", "/pdp/JP-3GB-30D", desktop, true],
    ["the console's sign-in page", "/admin/login", desktop, false],
  ] as const) {
    test.describe(name, () => {
      test.use(device);

      test("hydrating moves no element the server sent, and a link focused before it keeps the focus", async ({
        page,
      }) => {
        // Preact once moved `<main>` past React's Suspense markers, and the inline `<style>` past links it paired by
        // tag (ADR 0306): the first blurred whatever the shopper had focused, the second re-parsed the stylesheet.
        await page.addInitScript(watchHydration);
        await page.goto(path);
        await hydrated(page);
        const seen = await page.evaluate(() => {
          const state = window as unknown as { movedWhileHydrating: string[]; focusedEarly: Element | null };
          return {
            moved: state.movedWhileHydrating,
            focused: state.focusedEarly !== null,
            stillFocused: state.focusedEarly !== null && document.activeElement === state.focusedEarly,
          };
        });
        expect(seen.moved).toEqual([]);
        // The console's sign-in page has no link in its main part.
        expect(seen).toMatchObject({ focused: focusable, stillFocused: focusable });
      });
    });
  }

  test("home hydrates once, keeps the head the server sent, and an opened dialog's references resolve", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const shape = await documentShape(page);
    expect(shape).toMatchObject({ html: 1, head: 1, body: 1, titlesOutsideHead: 0, dangling: [] });
    expect(shape.title).toBe("Roamly eSIM: travel data");
    // React's image preload sat among the head's links: paired by tag, one of the app's own links went missing.
    expect(shape.alternates).toEqual(["en", "zh-CN", "zh-HK", "x-default"]);

    // The server's block content streamed in behind Suspense is the hydrated content: a plan card links and works.
    const plans = page.locator('a[href^="/pdp/"]');
    expect(await plans.count()).toBeGreaterThan(0);
    expect(await page.locator('div[hidden][id^="S:"]').count()).toBe(0);

    // Elements rendered after hydration carry the browser's ids; attributes written during hydration name them too.
    await page
      .getByRole("banner")
      .getByRole("button", { name: /Language and currency/ })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Apply" })).toBeVisible();
    expect((await documentShape(page)).dangling).toEqual([]);
  });

  test("a title rendered inside a page names the document, and the next page's replaces it", async ({
    page,
  }) => {
    const operator = await createOperator(page, "support");
    await page.goto("/admin/login");
    await hydrated(page);
    let shape = await documentShape(page);
    expect(shape).toMatchObject({ html: 1, body: 1, titlesOutsideHead: 0, dangling: [] });
    expect(shape.title).toBe("Sign in to the console · Roamly console");

    await signInAsOperator(page, operator);
    await page
      .getByRole("navigation", { name: "Console sections" })
      .getByRole("link", { name: "Orders" })
      .click();
    await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Orders · Roamly console");
    shape = await documentShape(page);
    expect(shape).toMatchObject({ titlesOutsideHead: 0, dangling: [] });
    expect(await page.locator("title").count()).toBe(1);
  });

  test("a request aborted by newer work is not an error; any other rejection still is", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/login");
    await hydrated(page);
    // What the router leaves behind when a form's submission aborts a fetcher's load mid-body.
    await page.evaluate(() => {
      void Promise.reject(new DOMException("BodyStreamBuffer was aborted", "AbortError"));
      void Promise.reject(new Error("a real failure"));
    });
    await expect.poll(() => consoleErrors.messages.length).toBeGreaterThan(0);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(consoleErrors.messages.join("\n")).toContain("a real failure");
    expect(consoleErrors.messages.join("\n")).not.toContain("BodyStreamBuffer");
    consoleErrors.allow(/a real failure/);
  });

  test.describe("on a phone", () => {
    test.use(mobile);

    test("what was typed into the search before its chunk arrived is searched once it hydrates", async ({
      page,
    }) => {
      // The overlay is server-rendered with the page and hydrates when its lazily loaded chunk is in: hold the
      // chunk back until the shopper has typed.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/SearchOverlay-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/zh_CN?searchDialog=true");
      const box = page.getByRole("combobox", { name: "你要去哪里？" });
      await box.fill("日本國");
      release();
      await expect(page.getByRole("option").first()).toContainText("日本");
      await expect(box).toHaveValue("日本國");
    });

    test("a form page's labels name their fields after hydration, and its check marks the empty one", async ({
      page,
    }) => {
      await page.goto("/login");
      await hydrated(page);
      expect(await documentShape(page)).toMatchObject({ html: 1, body: 1, dangling: [] });
      // getByLabel resolves through the label's `for`: it names nothing if the ids changed while hydrating. The
      // form's own check then marks the first invalid field and moves focus to it.
      await page.getByLabel("E-mail or phone number").fill("someone@example.org");
      await page.getByRole("button", { name: "Log in", exact: true }).click();
      const password = page.locator("input").and(page.getByLabel("Password", { exact: true }));
      await expect(password).toBeFocused();
      await expect(password).toHaveAttribute("aria-invalid", "true");
      expect((await documentShape(page)).dangling).toEqual([]);
    });
  });
});
