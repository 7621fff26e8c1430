import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import * as api from "./console-contract.ts";

// The editor's forms (ADR 0415): text and posted JSON turned into each endpoint's body, parsed by that body's schema.

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const document = {
  formatVersion: 1,
  pageCode: "summer",
  pageType: "LANDING",
  lang: "en_US",
  title: "S",
  variants: [],
};

describe("the page editor's forms", () => {
  it("parses the posted document as JSON with the save body's schema", () => {
    const saved = parseWithZod(
      form([
        ["intent", "save"],
        ["revision", "3"],
        ["document", JSON.stringify(document)],
      ]),
      { schema: api.SaveForm },
    );
    expect(saved.status === "success" && saved.value).toEqual({ revision: 3, document });
    const broken = parseWithZod(
      form([
        ["revision", "3"],
        ["document", "{not json"],
      ]),
      { schema: api.SaveForm },
    );
    expect(broken.status).toBe("error");
  });

  it("parses the insert panel's block with the insert body's schema", () => {
    const insert = {
      variantId: "all",
      place: { where: "end" },
      everyWidth: true,
      languages: ["zh_CN"],
      component: { componentCode: "Banner", componentName: "Banner", data: { imageUrl: "/media/a.png" } },
      texts: { zh_CN: { title: "夏" } },
    };
    const parsed = parseWithZod(
      form([
        ["revision", "2"],
        ["document", JSON.stringify(document)],
        ["insert", JSON.stringify(insert)],
      ]),
      { schema: api.InsertForm },
    );
    expect(parsed.status === "success" && parsed.value).toEqual({ ...insert, revision: 2, document });
    const unknownBlock = parseWithZod(
      form([
        ["revision", "2"],
        ["document", JSON.stringify(document)],
        ["insert", JSON.stringify({ ...insert, component: { ...insert.component, componentCode: "Nope" } })],
      ]),
      { schema: api.InsertForm },
    );
    expect(unknownBlock.status).toBe("error");
  });

  it("reads the ticked languages, the acknowledgement and an empty end as the bodies take them", () => {
    const published = parseWithZod(
      form([
        ["intent", "publish"],
        ["revision", "4"],
        ["language", "zh_CN:2"],
        ["language", "zh_HK:5"],
        ["acknowledged", "1"],
      ]),
      { schema: api.PublishForm },
    );
    expect(published.status === "success" && published.value).toEqual({
      revision: 4,
      languages: [
        { lang: "zh_CN", revision: 2 },
        { lang: "zh_HK", revision: 5 },
      ],
      acknowledged: true,
    });
    const scheduled = parseWithZod(
      form([
        ["revision", "4"],
        ["startsAt", "2026-12-24T09:00"],
        ["endsAt", ""],
        ["language", "zh_CN:2"],
      ]),
      { schema: api.ScheduleForm },
    );
    expect(scheduled.status === "success" && scheduled.value).toEqual({
      revision: 4,
      startsAt: "2026-12-24T09:00",
      endsAt: null,
      acknowledged: false,
      languages: [{ lang: "zh_CN", revision: 2 }],
    });
    const wrongLanguage = parseWithZod(
      form([
        ["revision", "4"],
        ["language", "fr_FR:1"],
      ]),
      {
        schema: api.PublishForm,
      },
    );
    expect(wrongLanguage.status).toBe("error");
  });
});
