import { describe, expect, it } from "vitest";
import { sanitizeOperatorHtml } from "./sanitize.ts";

// A battery of classic XSS payloads (OWASP filter-evasion cheat sheet and friends): none may keep a way to run
// script once rendered.
const PAYLOADS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  '<img src="javascript:alert(1)">',
  "<img src=JaVaScRiPt:alert(1)>",
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<body onload=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="//evil.example/">x</a>',
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  "<input autofocus onfocus=alert(1)>",
  "<details open ontoggle=alert(1)>",
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="width: expression(alert(1))">x</p>',
  '<p style="color: red; background-image: url(https://evil.example/t.png)">x</p>',
  '<div style="position:fixed;inset:0;z-index:9999">overlay</div>',
  "<style>body{display:none}</style>",
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<a href="x" onmouseover="alert(1)">x</a>',
  '<p id="main" class="fixed">x</p>',
  "<template><script>alert(1)</script></template>",
];

function parse(html: string) {
  // Enough of a check without a DOM: no tag of these kinds, no on* attribute, no script scheme in a URL.
  const lower = html.toLowerCase();
  return {
    scriptTags:
      /<\s*(script|iframe|object|embed|form|input|svg|math|style|link|meta|base|body|template|details)\b/.test(
        lower,
      ),
    handlers: /<[^>]*\son[a-z]+\s*=/.test(lower),
    scriptUrls: /(href|src)\s*=\s*"?\s*(javascript|vbscript|data):/.test(lower),
    styleUrls: /url\(|expression\(|position|z-index/.test(lower),
    idOrClass: /\s(id|class)\s*=/.test(lower),
    protocolRelative: /(href|src)\s*=\s*"\/\//.test(lower),
  };
}

describe("sanitizeOperatorHtml", () => {
  it.each(PAYLOADS)("defuses %s", (payload) => {
    const clean = sanitizeOperatorHtml(payload);
    expect(parse(clean)).toEqual({
      scriptTags: false,
      handlers: false,
      scriptUrls: false,
      styleUrls: false,
      idOrClass: false,
      protocolRelative: false,
    });
  });

  it("defuses the seeded landing page's payload and keeps its harmless text", () => {
    const clean = sanitizeOperatorHtml(
      '<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a>' +
        '<p style="color:#c00" onclick="alert(2)">Limited time</p><iframe src="https://evil.example/"></iframe>',
    );
    expect(clean).toBe('<a>x</a><p style="color:#c00">Limited time</p>');
  });

  it("keeps formatting, tables, safe links and images", () => {
    const html =
      '<h3>Terms</h3><p><strong>Bold</strong> <em>it</em> <a href="/install">help</a> ' +
      '<a href="https://example.com/a?b=1">out</a> <a href="mailto:help@example.com">mail</a></p>' +
      '<img src="https://cdn.example.com/a.png" alt="A" width="10" height="10">' +
      '<img src="/media/banner/a.svg" alt="B">' +
      '<table><thead><tr><th scope="col">Plan</th></tr></thead><tbody><tr><td colspan="2">JP</td></tr></tbody></table>';
    expect(sanitizeOperatorHtml(html)).toBe(
      '<h3>Terms</h3><p><strong>Bold</strong> <em>it</em> <a href="/install">help</a> ' +
        '<a href="https://example.com/a?b=1">out</a> <a href="mailto:help@example.com">mail</a></p>' +
        '<img src="https://cdn.example.com/a.png" alt="A" width="10" height="10" loading="lazy" />' +
        '<img src="/media/banner/a.svg" alt="B" loading="lazy" />' +
        '<table><thead><tr><th scope="col">Plan</th></tr></thead><tbody><tr><td colspan="2">JP</td></tr></tbody></table>',
    );
  });

  it("drops images without a usable source, gives the rest an alt, and forces a safe rel on new-tab links", () => {
    for (const src of ["mailto:a@b.c", "x", "//evil.example/a.png", "javascript:alert(1)", ""]) {
      expect(sanitizeOperatorHtml(`<p>a<img src="${src}">b</p>`)).toBe("<p>ab</p>");
    }
    expect(sanitizeOperatorHtml('<img src="/a.png">')).toBe('<img src="/a.png" alt="" loading="lazy" />');
    expect(sanitizeOperatorHtml('<a href="https://example.com" target="_top">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("answers an empty string for nothing", () => {
    expect(sanitizeOperatorHtml(undefined)).toBe("");
    expect(sanitizeOperatorHtml(42)).toBe("");
  });
});
