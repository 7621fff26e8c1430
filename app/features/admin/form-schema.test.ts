import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formSchema, submittedForm } from "./form-schema.ts";

describe("a submitted console form", () => {
  it("reads text trimmed, lists of ticked boxes and dotted groups, and anything else as empty", () => {
    const form = submittedForm({
      status: " ON_SHELF ",
      labelCodes: ["HOT", " NEW "],
      one: "solo",
      title: { en_US: " Japan " },
      list: ["a"],
      nested: { deep: 1 },
    });
    expect(form.text("status")).toBe("ON_SHELF");
    expect(form.text("missing")).toBe("");
    expect(form.text("list")).toBe("");
    expect(form.texts("labelCodes")).toEqual(["HOT", "NEW"]);
    expect(form.texts("one")).toEqual(["solo"]);
    expect(form.texts("missing")).toEqual([]);
    expect(form.group("title").text("en_US")).toBe("Japan");
    expect(form.group("status").text("x")).toBe("");
    expect(form.group("nested").text("deep")).toBe("");
    for (const raw of [undefined, null, "text", ["a"], 3]) expect(submittedForm(raw).text("a")).toBe("");
  });

  it("checks what it builds with the endpoint's own schema", () => {
    const schema = formSchema(z.object({ sortOrder: z.number().int().min(0) }), (form) => ({
      sortOrder: Number(form.text("sortOrder") || 0),
    }));
    expect(schema.parse({ sortOrder: "4" })).toEqual({ sortOrder: 4 });
    expect(schema.parse(undefined)).toEqual({ sortOrder: 0 });
    expect(schema.safeParse({ sortOrder: "-1" }).success).toBe(false);
  });
});
