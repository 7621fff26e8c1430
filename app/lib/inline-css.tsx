import { createContext, useContext, useEffect } from "react";
import appCss from "../app.css?url";

/**
 * The stylesheet inlined into the document (ADR 0143). A `<link rel="stylesheet">` is render-blocking: the first
 * paint waits one more round trip, long enough for the page's modules to arrive and run first, and Lighthouse then
 * counts all of them on the way to First Contentful Paint. The production server reads the built file once
 * (app/entry.server.tsx provides the reader) and the head carries it in a `<style>`; the browser keeps that
 * element as it hydrates. Without a reader (development, or a build without the file) the head links the file.
 */
export const InlineCssContext = createContext<((href: string) => string | null) | null>(null);

let hydrated: { text: string | null; nonce: string | undefined; pageOnly: boolean } | undefined;

/**
 * In the browser: the text the server inlined (null when it linked the file) and the page's CSP nonce, read once
 * from the document. The nonce matters when React creates the element anew (the document's layout remounts when
 * a page recovers from the root error boundary): a `<style>` without it is refused by the CSP.
 */
function fromDocument() {
  if (hydrated === undefined) {
    const style = document.querySelector<HTMLStyleElement>("style[data-inline-css]");
    hydrated = {
      text: style?.textContent ?? null,
      nonce: style?.nonce || undefined,
      pageOnly: style?.hasAttribute("data-page-css") ?? false,
    };
  }
  return hydrated;
}

export function AppStylesheet({ nonce }: { nonce?: string }) {
  const read = useContext(InlineCssContext);
  const browser = read || typeof document === "undefined" ? null : fromDocument();
  const text = read ? read(appCss) : (browser?.text ?? null);
  // The server sent only the rules this page uses (data-page-css, ADR 0248): once the page is up, the whole
  // stylesheet follows, for the pages the shopper goes to next and the states a click brings in. A stylesheet
  // added by script does not hold back rendering.
  useEffect(() => {
    if (!fromDocument().pageOnly || document.querySelector("link[data-full-css]")) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = appCss;
    link.dataset.fullCss = "";
    document.head.append(link);
  }, []);
  if (text === null) return <link rel="stylesheet" href={appCss} />;
  return (
    <style
      nonce={nonce ?? browser?.nonce}
      data-inline-css={appCss}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, read from the build folder
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}
