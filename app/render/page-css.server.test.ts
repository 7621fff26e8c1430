import { describe, expect, it } from "vitest";
import {
  documentClasses,
  inlineSpacing,
  inlineThemeValues,
  pageCss,
  prunePageCss,
  resolveUnsetVariables,
  selectorClasses,
  withoutRepeatedDeclarations,
} from "./page-css.server.ts";

// The shape of Tailwind 4's minified output: layers, @property, nested @media, escaped class names.
const CSS = [
  "/*! tailwindcss v4 | MIT License | https://tailwindcss.com */",
  "@layer properties{@supports (-moz-orient:inline){*,:before{--tw-shadow:0 0 #0000;--tw-blur:initial;--tw-dim:initial}}}",
  "@layer theme,base,components,utilities;",
  "@layer theme{:root,:host{--color-brand-600:#0b5cff;--color-red-50:#fef2f2;--font-sans:system-ui;--default-font-family:var(--font-sans);--animate-spin:spin 1s linear infinite;--top-bar:56px}}",
  '@layer base{*,:after{box-sizing:border-box}html,:host{font-family:var(--default-font-family)}a[href$=".pdf"]{color:red}button{font:inherit}',
  "code,kbd{font-family:monospace}:where(select:is([multiple])) optgroup{font-weight:bolder}::placeholder{opacity:1}",
  "::-webkit-datetime-edit{padding:0}[hidden]:where(:not([hidden=until-found])){display:none!important}}",
  "@layer utilities{.flex{display:flex}.hidden{display:none}.grid{display:grid}.animate-spin{animation:var(--animate-spin)}",
  ".md\\:flex{@media (width>=48rem){display:flex}}",
  "@media (width>=64rem){.lg\\:grid{display:grid}.lg\\:hidden{display:none}}",
  "@media (hover:hover){.hover\\:bg-brand-600:hover{background:var(--color-brand-600)}}",
  ".shadow{box-shadow:var(--tw-shadow)}.blur{--tw-blur:blur(8px);filter:var(--tw-blur,) var(--tw-dim,)}.dim{--tw-dim:opacity(.5)}.\\32xl\\:p-4{padding:1rem}.w-1\\/2{width:50%}.\\[\\&\\>\\*\\]\\:m-0>*{margin:0}",
  '.before\\:content-\\[\\"\\{\\}\\"\\]:before{content:"{}"}}',
  "@keyframes spin{to{transform:rotate(360deg)}}",
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-blur{syntax:"*";inherits:false}@property --tw-dim{syntax:"*";inherits:false}',
].join("");

describe("CSS only the page uses (ADR 0248)", () => {
  it("reads class names from selectors, escapes undone, attribute values left alone", () => {
    expect(selectorClasses(".md\\:flex")).toEqual(["md:flex"]);
    expect(selectorClasses(".\\32xl\\:p-4")).toEqual(["2xl:p-4"]);
    expect(selectorClasses(".w-1\\/2")).toEqual(["w-1/2"]);
    expect(selectorClasses(".\\[\\&\\>\\*\\]\\:m-0>*")).toEqual(["[&>*]:m-0"]);
    expect(selectorClasses('a[href$=".pdf"]')).toEqual([]);
    // A class only inside :not() is no reason to drop the rule (it matches pages without that class).
    expect(selectorClasses(":where(:not(.prose))>p")).toEqual([]);
    expect(selectorClasses(".card:not(.card-flat)")).toEqual(["card"]);
  });

  it("keeps every rule when the page uses every class: the stylesheet comes back with its theme values written out", () => {
    const every = new Set([
      "flex",
      "hidden",
      "grid",
      "md:flex",
      "lg:grid",
      "lg:hidden",
      "hover:bg-brand-600",
      "2xl:p-4",
      "w-1/2",
      "[&>*]:m-0",
      "shadow",
      'before:content-["{}"]',
      "animate-spin",
      "blur",
      "dim",
    ]);
    // Without element names every rule naming no class stays; the markup's own reads keep the rest of the theme.
    // The theme values that rules read are written out (ADR 0293), so those declarations leave.
    const written = CSS.replace("var(--animate-spin)", "spin 1s linear infinite")
      .replace("background:var(--color-brand-600)", "background:#0b5cff")
      .replace("--default-font-family:var(--font-sans)", "--default-font-family:system-ui")
      .replace("--color-brand-600:#0b5cff;", "")
      .replace("--font-sans:system-ui;", "")
      .replace("--animate-spin:spin 1s linear infinite;", "");
    expect(pageCss(CSS, { classes: every, reads: new Set(["--color-red-50", "--top-bar"]) })).toBe(written);
    // A page whose markup sets a theme variable gets the stylesheet as it was.
    expect(
      pageCss(CSS, {
        classes: every,
        reads: new Set(["--color-red-50", "--top-bar"]),
        sets: new Set(["--color-brand-600"]),
      }),
    ).toBe(CSS);
  });

  it("drops the rules of classes the page does not use and keeps the rest", () => {
    const css = pageCss(CSS, new Set(["flex", "lg:hidden", "w-1/2"]));
    expect(css).toContain(".flex{display:flex}");
    expect(css).toContain("@media (width>=64rem){.lg\\:hidden{display:none}}");
    expect(css).toContain(".w-1\\/2{width:50%}");
    for (const gone of [
      ".hidden{",
      ".grid{",
      ".md\\:flex",
      ".lg\\:grid",
      "hover:hover",
      "2xl",
      "m-0",
      "content:",
    ]) {
      expect(css).not.toContain(gone);
    }
    // Rules naming no class, layer order and the licence stay.
    for (const kept of [
      "box-sizing:border-box",
      'a[href$=".pdf"]{color:red}',
      "@layer theme,base,components,utilities;",
      "MIT License",
    ]) {
      expect(css).toContain(kept);
    }
    // Theme variables stay while a kept rule reads them, with the values of those they read written out.
    expect(css).toContain("@layer theme{:root,:host{--default-font-family:system-ui}}");
    expect(css).not.toContain("@keyframes spin");
    const spinning = pageCss(CSS, new Set(["animate-spin", "hover:bg-brand-600"]));
    expect(spinning).toContain(".animate-spin{animation:spin 1s linear infinite}");
    expect(spinning).toContain(".hover\\:bg-brand-600:hover{background:#0b5cff}");
    expect(spinning).not.toContain("--color-brand-600");
    expect(spinning).toContain("@keyframes spin{");
    expect(spinning).not.toContain("--color-red-50");
    // A registered custom property stays only while a kept rule reads it.
    expect(css).not.toContain("@property --tw-shadow");
    expect(pageCss(CSS, new Set(["shadow"]))).toContain("@property --tw-shadow{");
    // Tailwind's initial values (the @supports fallback for browsers without @property) likewise.
    expect(css).toContain("@layer properties{}");
    expect(pageCss(CSS, new Set(["shadow"]))).toContain("*,:before{--tw-shadow:0 0 #0000}");
  });

  it("keeps a registration or initial value that stands for no value only while something sets the property", () => {
    // .blur reads --tw-blur and --tw-dim and sets only --tw-blur: --tw-dim has no value on any element either way.
    const css = pageCss(CSS, new Set(["blur"]));
    expect(css).toContain("@property --tw-blur{");
    expect(css).toContain("--tw-blur:initial}");
    expect(css).not.toContain("--tw-dim:initial");
    expect(css).not.toContain("@property --tw-dim");
    // Once a kept rule sets it, whether it inherits matters: both come back.
    const both = pageCss(CSS, new Set(["blur", "dim"]));
    expect(both).toContain("@property --tw-dim{");
    expect(both).toContain("--tw-blur:initial;--tw-dim:initial}");
    // The markup's inline styles count as setting it.
    const inline = pageCss(CSS, { classes: new Set(["blur"]), sets: new Set(["--tw-dim"]) });
    expect(inline).toContain("@property --tw-dim{");
  });

  it("keeps a rule naming no class only when the page has an element it can match", () => {
    const bare = (elements: string[]) => pageCss(CSS, { classes: new Set(), elements: new Set(elements) });
    const none = bare(["div", "a"]);
    for (const gone of ["button{", "code,kbd", "optgroup", "::placeholder", "::-webkit-datetime-edit"]) {
      expect(none).not.toContain(gone);
    }
    // Rules any document can match stay: the universal selector, html, attribute-only selectors.
    for (const kept of ["*,:after{", "html,:host{", "[hidden]:where(", 'a[href$=".pdf"]']) {
      expect(none).toContain(kept);
    }
    const form = bare(["select", "optgroup", "input", "kbd"]);
    expect(form).toContain(":where(select:is([multiple])) optgroup{");
    expect(form).toContain("::placeholder{opacity:1}");
    expect(form).toContain("::-webkit-datetime-edit{");
    expect(form).toContain("code,kbd{");
    // Every element a selector's compound names must be there (select alone does not match "select optgroup").
    expect(bare(["select"])).not.toContain("optgroup");
    expect(bare(["textarea"])).toContain("::placeholder");
  });

  it("cuts a document's inlined stylesheet to its markup's classes and marks it for the browser", () => {
    const html =
      `<html><head><style nonce="n1" data-inline-css="/assets/app.css">${CSS}</style></head>` +
      `<body><div class="flex w-1/2">x</div><p class="[&amp;&gt;*]:m-0">y</p></body></html>`;
    expect(documentClasses(html)).toEqual(new Set(["flex", "w-1/2", "[&>*]:m-0"]));
    // Any whitespace before the attribute, any between names; another attribute ending in "class" is not one.
    expect(
      documentClasses('<div\nclass=" a\tb  c"><i data-class="d"></i><b\tclass="a e"></b><u class=""></u>'),
    ).toEqual(new Set(["a", "b", "c", "e"]));
    const pruned = prunePageCss(html);
    expect(pruned).toContain('<style nonce="n1" data-inline-css="/assets/app.css" data-page-css>');
    // No button on the page, and nothing reads the brand colour; an inline style's var() keeps its variable.
    expect(pruned).not.toContain("button{font:inherit}");
    expect(pruned).not.toContain("--color-brand-600");
    expect(prunePageCss(html.replace("<p ", '<p style="top:var(--top-bar)" '))).toContain("--top-bar:56px");
    expect(pruned).toContain(".\\[\\&\\>\\*\\]\\:m-0>*{margin:0}");
    expect(pruned).not.toContain(".grid{display:grid}");
    expect(pruned.length).toBeLessThan(html.length);
    expect(pruned.endsWith('<p class="[&amp;&gt;*]:m-0">y</p></body></html>')).toBe(true);
    // A document without an inlined stylesheet (development) is left alone.
    const linked = '<html><head><link rel="stylesheet" href="/a.css"></head><body class="x"></body></html>';
    expect(prunePageCss(linked)).toBe(linked);
  });

  it("writes Tailwind's spacing products out against the theme's step", () => {
    const css =
      "@layer theme{:root,:host{--spacing:.25rem;--color-x:red}}@layer utilities{.p-4{padding:calc(var(--spacing) * 4)}" +
      ".-mt-1\\.5{margin-top:calc(var(--spacing) * -1.5)}.m-0{margin:calc(var(--spacing) * 0)}.gap-px{gap:var(--spacing)}}";
    const written = inlineSpacing(css);
    expect(written).toContain(".p-4{padding:1rem}");
    expect(written).toContain("{margin-top:-.375rem}");
    expect(written).toContain(".m-0{margin:0}");
    // A bare var(--spacing) keeps the variable.
    expect(written).toContain("gap:var(--spacing)");
    expect(pageCss(css, new Set(["p-4"]))).toBe("@layer theme{}@layer utilities{.p-4{padding:1rem}}");
    // In the page's copy the bare one is written out too (ADR 0293: a theme value nothing else sets).
    expect(pageCss(css, new Set(["gap-px"]))).toBe("@layer theme{}@layer utilities{.gap-px{gap:.25rem}}");
    // Without the theme's step the stylesheet is left as it is.
    expect(inlineSpacing(".p-4{padding:calc(var(--spacing) * 4)}")).toBe(
      ".p-4{padding:calc(var(--spacing) * 4)}",
    );
  });

  it("writes out a theme variable's value where it is read, only when nothing else sets the variable (ADR 0293)", () => {
    const css =
      "@layer theme{:root,:host{--text-sm:.875rem;--color-ink:oklch(20% .04 265);--font-sans:system-ui;" +
      "--default-font-family:var(--font-sans);--color-set:red}}" +
      "@layer utilities{.text-sm{font-size:var(--text-sm)}.ink{color:var(--color-ink);border-color:var(--color-ink,blue)}" +
      ".set{color:var(--color-set)}.dark{--color-set:blue}.font{font-family:var(--default-font-family)}}";
    const { css: written, inlined } = inlineThemeValues(css);
    expect(written).toContain(".text-sm{font-size:.875rem}");
    expect(written).toContain(".ink{color:oklch(20% .04 265);");
    // A read with a fallback is left alone; so is a variable another rule sets, and one whose value reads another.
    expect(written).toContain("border-color:var(--color-ink,blue)");
    expect(written).toContain(".set{color:var(--color-set)}");
    expect(written).toContain(".font{font-family:var(--default-font-family)}");
    expect(written).toContain("--default-font-family:system-ui");
    expect([...inlined].sort()).toEqual(["--color-ink", "--font-sans", "--text-sm"]);
    // Without a theme block nothing changes.
    expect(inlineThemeValues(".a{color:var(--x)}").css).toBe(".a{color:var(--x)}");
  });

  it("writes a variable's fallback where nothing on the page gives the variable a value (ADR 0293)", () => {
    const unset = (name: string) => name !== "--tw-blur";
    expect(resolveUnsetVariables(".a{line-height:var(--tw-leading,var(--lh))}", unset)).toBe(
      ".a{line-height:var(--lh)}",
    );
    expect(resolveUnsetVariables('.a{content:"var(--x,1)";b:var(--x, calc(1 / 2) )}', unset)).toBe(
      '.a{content:"var(--x,1)";b:calc(1 / 2)}',
    );
    // An empty fallback goes only while the declaration keeps a value, with the space before the next one.
    expect(resolveUnsetVariables(".a{filter:var(--tw-blur, ) var(--tw-dim, ) var(--tw-x, )}", unset)).toBe(
      ".a{filter:var(--tw-blur, ) }",
    );
    expect(resolveUnsetVariables(".a{filter:var(--tw-dim, )}.b{c:d}", unset)).toBe(
      ".a{filter:var(--tw-dim, )}.b{c:d}",
    );
    // In a page: a variable a kept rule or the markup sets, or one registered with an initial value, is kept.
    const sheet =
      "@layer utilities{.text-sm{line-height:var(--tw-leading,1.5)}.leading-6{--tw-leading:1.5rem}" +
      ".x{translate:var(--tw-tx,0)}.y{color:var(--mark,red)}}" +
      '@property --tw-tx{syntax:"*";inherits:false;initial-value:2px}';
    expect(pageCss(sheet, new Set(["text-sm", "x", "y"]))).toContain(".text-sm{line-height:1.5}");
    expect(pageCss(sheet, new Set(["text-sm", "leading-6"]))).toContain("line-height:var(--tw-leading,1.5)");
    expect(pageCss(sheet, new Set(["x"]))).toContain("translate:var(--tw-tx,0)");
    expect(pageCss(sheet, { classes: new Set(["y"]), sets: new Set(["--mark"]) })).toContain(
      "color:var(--mark,red)",
    );
    expect(pageCss(sheet, new Set(["y"]))).toContain(".y{color:red}");
  });

  it("writes a declaration repeated in a row once", () => {
    expect(
      withoutRepeatedDeclarations(
        "a{color:inherit;-webkit-x:inherit;-webkit-x:inherit;-webkit-x:inherit;y:1}",
      ),
    ).toBe("a{color:inherit;-webkit-x:inherit;y:1}");
    expect(withoutRepeatedDeclarations("a{x:1;y:1;x:1}")).toBe("a{x:1;y:1;x:1}");
  });
});
