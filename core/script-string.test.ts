import { describe, expect, it } from "vitest";
import { compactSource } from "./script-string.ts";

describe("compactSource (ADR 0293)", () => {
  it("joins a printed function's lines where no word can meet another, and it still runs the same", () => {
    const plain = [
      "function pick(win, keys) {",
      "\tconst seen = [];",
      "\tfor (const key of keys) {",
      "\t\tif (key in win) seen.push(key);",
      "\t\telse seen.push('none');",
      "\t}",
      "\treturn seen",
      "}",
    ].join("\n");
    const compact = compactSource(plain);
    expect(compact).toBe(
      "function pick(win, keys) {const seen = [];for (const key of keys) {if (key in win) seen.push(key);" +
        "else seen.push('none');}\nreturn seen}",
    );
    const run = (text: string) => new Function(`return (${text})({ a: 1 }, ["a", "b"]);`)();
    expect(run(compact)).toEqual(run(plain));
    expect(run(compact)).toEqual(["a", "none"]);
  });

  it("leaves a source with a template literal alone, and one with a comment only unindented", () => {
    const template = "function f() {\n\treturn `a\n\tb`;\n}";
    expect(compactSource(template)).toBe(template);
    expect(compactSource("function f() {\n\t// x;\n\treturn 1;\n}")).toBe(
      "function f() {\n// x;\nreturn 1;\n}",
    );
  });
});
