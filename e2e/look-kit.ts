import type { Page } from "@playwright/test";

// Shared by the browser tests that check how pages look (issue 12): store-look.spec.ts and phone-fit.spec.ts.

export interface Overflow {
  tag: string;
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/**
 * Every visible element that holds text of its own and is wider inside than its box (scrollWidth >
 * clientWidth): clipped text such as "HK$43.(" or "Hong Kon". Text cut on purpose with an ellipsis ("…") reads
 * as cut and is left alone, as are screen-reader-only texts.
 */
export async function overflowingText(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const found: Overflow[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim() !== "",
      );
      if (!ownText) continue;
      const style = getComputedStyle(element);
      if (style.display === "inline" || style.display === "contents") continue;
      if (style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none") continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || style.visibility === "hidden") continue;
      if (element.closest("[hidden], [aria-hidden='true'], .sr-only, noscript, script, style")) continue;
      if (element.scrollWidth > element.clientWidth + 1)
        found.push({
          tag: element.tagName.toLowerCase(),
          text: (element.textContent ?? "").trim().slice(0, 60),
          scrollWidth: element.scrollWidth,
          clientWidth: element.clientWidth,
        });
    }
    // A closed select shows its chosen option in its own box ("Hong Kon" in the area-code picker): the option's
    // text must fit beside the arrow.
    const measure = document.createElement("canvas").getContext("2d");
    for (const select of document.querySelectorAll<HTMLSelectElement>("select")) {
      const option = select.selectedOptions[0];
      const box = select.getBoundingClientRect();
      if (!option || !measure || box.width <= 1) continue;
      const style = getComputedStyle(select);
      measure.font = style.font;
      const text = measure.measureText(option.text).width;
      const room =
        select.clientWidth -
        Number.parseFloat(style.paddingLeft) -
        Number.parseFloat(style.paddingRight) -
        16;
      if (text > room)
        found.push({
          tag: "select",
          text: option.text,
          scrollWidth: Math.ceil(text),
          clientWidth: Math.floor(room),
        });
    }
    return found;
  });
}
