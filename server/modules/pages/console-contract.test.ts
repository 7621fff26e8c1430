import { describe, expect, it } from "vitest";
import { articleSchema, footerSchema, legalDraftSchema, noteSchema } from "./console-contract.ts";

// The content forms' text shapes beside the API's JSON ones (issue 33 item 1, ADR 0414).
describe("content console body schemas", () => {
  it("reads the footer form's contact ways as 'key: value' lines and its content list one per line", () => {
    const form = footerSchema({ form: true }).parse({
      lang: "en_US",
      contactWays: "E-mail: help@roamly.test\r\n\nPhone: +852 1234 5678",
      contentList: "Roamly Ltd.\n  \nHong Kong",
    });
    expect(form).toEqual({
      lang: "en_US",
      contactWaysTitle: "",
      contactWays: [
        { key: "E-mail", value: "help@roamly.test" },
        { key: "Phone", value: "+852 1234 5678" },
      ],
      contentList: ["Roamly Ltd.", "Hong Kong"],
    });
    // A line without a value is refused, as the API refuses a way without one.
    expect(footerSchema({ form: true }).safeParse({ lang: "en_US", contactWays: "E-mail" }).success).toBe(
      false,
    );
    // JSON takes lists only and needs every field.
    expect(footerSchema({ form: false }).safeParse({ lang: "en_US", contactWays: "a: b" }).success).toBe(
      false,
    );
  });

  it("an article's unticked box hides it from a form, while JSON without the flag publishes", () => {
    const base = { lang: "en_US", category: "buying", title: "T", body: "<p>x</p>" };
    expect(articleSchema({ form: true }).parse({ ...base, sortOrder: "7" })).toMatchObject({
      summary: "",
      sortOrder: 7,
      published: false,
    });
    expect(articleSchema({ form: true }).parse({ ...base, published: "on" })).toMatchObject({
      sortOrder: 0,
      published: true,
    });
    expect(articleSchema({ form: false }).parse({ ...base, summary: "" })).toMatchObject({
      sortOrder: 0,
      published: true,
    });
    expect(articleSchema({ form: false }).safeParse(base).success).toBe(false);
  });

  it("reads a form's datetime-local time as UTC and its topics separated by commas", () => {
    const note = noteSchema({ form: true }).parse({
      lang: "zh_HK",
      noteTitle: "N",
      mediaUrl: "/media/a.jpg",
      noteContent: "<p>x</p>",
      topicNameList: "travel, tips,,",
      publishedAt: "2026-03-01T09:30",
    });
    expect(note.topicNameList).toEqual(["travel", "tips"]);
    expect(note.publishedAt.toISOString()).toBe("2026-03-01T09:30:00.000Z");
    const draft = legalDraftSchema({ form: false });
    expect(
      draft.safeParse({
        kind: "refundPolicy",
        lang: "en_US",
        title: "R",
        body: "<p>x</p>",
        effectiveAt: "2026-03-01T09:30",
      }).success,
    ).toBe(false);
    expect(
      legalDraftSchema({ form: true }).parse({
        kind: "refundPolicy",
        lang: "en_US",
        title: "R",
        body: "<p>x</p>",
        effectiveAt: "2026-03-01T09:30",
      }).effectiveAt,
    ).toEqual(new Date("2026-03-01T09:30:00Z"));
  });
});
