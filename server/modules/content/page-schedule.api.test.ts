import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { instantToZoned, STORE_TIME_ZONE } from "../../../core/store-time.ts";
import type { ContentDocument } from "../../../db/schema/content-document.ts";
import { cachedPage, setupPageApp } from "../../../test/api.ts";
import { auditOf, createOperator, operatorHeaders } from "../admin/admin-test-kit.ts";

/*
 * Issue 31 item 7 (ADR 0381): a version scheduled to go live at a time and to end at one. The clock is moved (the
 * services, the shared cache and the HTML cache read Date) by minutes, well inside the HTML cache's ten-minute life
 * here, so only the switch's invalidation can drop a page it holds; the runner's due jobs run at the moved time.
 */
const app = setupPageApp({ htmlCache: true });
const SITE = "O2_PLATFORM__101";
const PAGE = "/cmsCLP?pageCode=sched-winter";
const HOUR = 3_600_000;
const MINUTE = 60_000;
let headers: Record<string, string>;

beforeAll(async () => {
  headers = await operatorHeaders(app, await createOperator(app, "merchandiser"));
});
afterEach(() => {
  vi.useRealTimers();
});

function call(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, lang = "en_US") {
  return app.server.inject({
    method,
    url: `/o2adm/v1${url}`,
    headers: { ...headers, "x-lang": lang },
    ...(payload ? { payload } : {}),
  });
}

function withText(document: ContentDocument, html: string): ContentDocument {
  const next = structuredClone(document);
  next.variants[0]!.components = [
    {
      componentId: "note",
      componentCode: "RichText",
      componentName: "Campaign note",
      positionCode: "10",
      style: {},
      data: { html: `<p>${html}</p>` },
      options: "{}",
    },
  ];
  return next;
}

/** Moves the clock to `at`, lets the shared cache's once-a-second clock see it, and runs the jobs due by then. */
async function moveClockTo(at: number) {
  vi.useFakeTimers({ now: at, toFake: ["Date"] });
  await new Promise((resolve) => globalThis.setTimeout(resolve, 1_100));
  await app.services.jobs.drain(new Date(at));
}

const zoned = (at: number) => instantToZoned(new Date(at), STORE_TIME_ZONE);

describe("scheduled publishing (issue 31 item 7)", () => {
  it("serves the old version before the start, the new one after it, and the old one again after the end", async () => {
    const created = await call("POST", "/pages", {
      siteCode: SITE,
      lang: "en_US",
      pageType: "LANDING",
      pageCode: "sched-winter",
      title: "Winter",
    });
    expect(created.statusCode).toBe(200);
    const page = created.json();
    const autumn = await call("PUT", `/pages/${page.id}/draft`, {
      revision: page.revision,
      document: withText(page.document, "Autumn sale ends soon"),
    });
    expect(autumn.statusCode).toBe(200);
    expect((await call("POST", `/pages/${page.id}/publish`, { revision: 2 })).statusCode).toBe(200);

    const winter = await call("PUT", `/pages/${page.id}/draft`, {
      revision: 2,
      document: withText(autumn.json().document, "Winter campaign on"),
    });
    expect(winter.statusCode).toBe(200);
    const revision = winter.json().revision as number;

    // Refused with a translated error: a start in the past, an end before the start.
    const past = await call(
      "POST",
      `/pages/${page.id}/schedules`,
      { revision, startsAt: zoned(Date.now() - HOUR) },
      "zh_CN",
    );
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      failed: true,
      code: "pageEditor.schedule.past",
      message: "开始时间必须晚于现在",
    });
    const backwards = await call("POST", `/pages/${page.id}/schedules`, {
      revision,
      startsAt: zoned(Date.now() + 2 * HOUR),
      endsAt: zoned(Date.now() + HOUR),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      code: "pageEditor.schedule.endBeforeStart",
      message: "The end must be later than the start",
    });
    const malformed = await call("POST", `/pages/${page.id}/schedules`, { revision, startsAt: "tomorrow" });
    expect(malformed.statusCode).toBe(400);

    // Another role without pages.publish may not schedule.
    const finance = await operatorHeaders(app, await createOperator(app, "finance"));
    const refused = await app.server.inject({
      method: "POST",
      url: `/o2adm/v1/pages/${page.id}/schedules`,
      headers: finance,
      payload: { revision, startsAt: zoned(Date.now() + HOUR) },
    });
    expect(refused.statusCode).toBe(403);

    // Times are typed in the store's zone (Hong Kong, UTC+8) and stored in UTC, to the minute.
    const base = Math.ceil(Date.now() / MINUTE) * MINUTE;
    const start = base + 2 * MINUTE;
    const end = base + 4 * MINUTE;
    const scheduled = await call("POST", `/pages/${page.id}/schedules`, {
      revision,
      startsAt: zoned(start),
      endsAt: zoned(end),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const [entry] = scheduled.json().schedules;
    expect(entry).toMatchObject({
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(end).toISOString(),
      state: "waiting",
    });
    expect(zoned(start)).toBe(new Date(start + 8 * HOUR).toISOString().slice(0, 16));
    const audit = await auditOf(app, "content_page", String(page.id));
    expect(audit.map((row) => row.action)).toContain("page.schedule");

    // Before the start: the published version, then from the HTML cache.
    expect((await cachedPage(app, PAGE)).html).toContain("Autumn sale ends soon");
    const cached = await cachedPage(app, PAGE);
    expect(cached.served).toBe("hit");
    expect(cached.html).toContain("Autumn sale ends soon");

    // After the start: the scheduled version, and the cache holds it, not the old one.
    await moveClockTo(start + MINUTE / 2);
    const live = await cachedPage(app, PAGE);
    expect(live.html).toContain("Winter campaign on");
    expect(live.html).not.toContain("Autumn sale ends soon");
    const liveAgain = await cachedPage(app, PAGE);
    expect(liveAgain.served).toBe("hit");
    expect(liveAgain.html).toContain("Winter campaign on");

    // After the end: the version before it again.
    await moveClockTo(end + MINUTE / 2);
    const after = await cachedPage(app, PAGE);
    expect(after.html).toContain("Autumn sale ends soon");
    expect(after.html).not.toContain("Winter campaign on");
    expect((await cachedPage(app, PAGE)).served).toBe("hit");
  }, 180_000);

  it("lists a page's schedules and cancels one, audited; a cancelled schedule never goes live", async () => {
    const list = (await call("GET", `/pages?siteCode=${SITE}&lang=en_US`)).json().pages as {
      id: number;
      pageCode: string;
    }[];
    const page = list.find((p) => p.pageCode === "sched-winter")!;
    const opened = (await call("GET", `/pages/${page.id}`)).json();
    // After the first test's campaign (which ends four minutes from now).
    const start = Math.ceil(Date.now() / MINUTE) * MINUTE + 6 * MINUTE;
    const scheduled = await call("POST", `/pages/${opened.id}/schedules`, {
      revision: opened.revision,
      startsAt: zoned(start),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const id = scheduled.json().scheduleId as number;
    const listed = (await call("GET", `/pages/${opened.id}/schedules`)).json().schedules as { id: number }[];
    expect(listed.map((s) => s.id)).toContain(id);

    const cancelled = await call("DELETE", `/pages/${opened.id}/schedules/${id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().schedules.map((s: { id: number }) => s.id)).not.toContain(id);
    const again = await call("DELETE", `/pages/${opened.id}/schedules/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("pageEditor.schedule.notFound");
    const audit = await auditOf(app, "content_page", String(opened.id));
    expect(audit.map((row) => row.action)).toContain("page.schedule.cancel");

    // Its start job still runs (and drops the page), but the page stays on the published version.
    await moveClockTo(start + MINUTE / 2);
    expect((await cachedPage(app, PAGE)).html).toContain("Autumn sale ends soon");
  }, 180_000);
});

/*
 * ADR 0396: a campaign scheduled in several languages at once. Each language's version goes live and ends at the
 * same times, each falls back to its own version before it, and the HTML cache serves each language's right page.
 */
describe("a campaign in every language (ADR 0396)", () => {
  const EN = "/cmsCLP?pageCode=sched-spring";
  const ZH = "/zh_CN/cmsCLP?pageCode=sched-spring";

  /** Creates the page in `lang`, publishes `before`, and saves `campaign` as its draft; its id and revision. */
  async function pageIn(lang: string, title: string, before: string, campaign: string) {
    const created = await call(
      "POST",
      "/pages",
      { siteCode: SITE, lang, pageType: "LANDING", pageCode: "sched-spring", title },
      lang,
    );
    expect(created.statusCode, created.body).toBe(200);
    const page = created.json();
    const saved = await call("PUT", `/pages/${page.id}/draft`, {
      revision: page.revision,
      document: withText(page.document, before),
    });
    expect(
      (await call("POST", `/pages/${page.id}/publish`, { revision: saved.json().revision })).statusCode,
    ).toBe(200);
    const draft = await call("PUT", `/pages/${page.id}/draft`, {
      revision: saved.json().revision,
      document: withText(saved.json().document, campaign),
    });
    expect(draft.statusCode).toBe(200);
    return { id: page.id as number, revision: draft.json().revision as number };
  }

  it("goes live and ends in en_US and zh_CN at its times, each language falling back to its own version", async () => {
    const en = await pageIn("en_US", "Spring", "Spring sale on", "Summer campaign on");
    const zh = await pageIn("zh_CN", "春季", "春季促销进行中", "夏季活动进行中");
    const base = Math.ceil(Date.now() / MINUTE) * MINUTE;
    const start = base + 2 * MINUTE;
    const end = base + 4 * MINUTE;

    // Atomic: a language without a draft, or one whose draft changed, refuses the whole campaign.
    const noDraft = await call(
      "POST",
      `/pages/${en.id}/schedules`,
      {
        revision: en.revision,
        startsAt: zoned(start),
        languages: [
          { lang: "zh_CN", revision: zh.revision },
          { lang: "zh_HK", revision: 1 },
        ],
      },
      "zh_CN",
    );
    expect(noDraft.statusCode).toBe(400);
    expect(noDraft.json()).toMatchObject({
      failed: true,
      code: "pageEditor.schedule.noDraft",
      message: "zh_HK 页面没有可定时发布的草稿",
    });
    const stale = await call("POST", `/pages/${en.id}/schedules`, {
      revision: en.revision,
      startsAt: zoned(start),
      languages: [{ lang: "zh_CN", revision: zh.revision - 1 }],
    });
    expect(stale.statusCode).toBe(409);
    expect((await call("GET", `/pages/${en.id}/schedules`)).json().schedules).toEqual([]);

    const scheduled = await call("POST", `/pages/${en.id}/schedules`, {
      revision: en.revision,
      startsAt: zoned(start),
      endsAt: zoned(end),
      languages: [{ lang: "zh_CN", revision: zh.revision }],
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const { campaignId, languages, schedules } = scheduled.json();
    expect(languages).toEqual(["en_US", "zh_CN"]);
    // Shown per language, from either language's editor, as one campaign.
    const expected = ["en_US", "zh_CN"].map((lang) => ({
      lang,
      campaignId,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(end).toISOString(),
      state: "waiting",
    }));
    expect(schedules).toMatchObject(expected);
    expect((await call("GET", `/pages/${zh.id}/schedules`)).json().schedules).toMatchObject(expected);
    for (const page of [en, zh])
      expect((await auditOf(app, "content_page", String(page.id))).map((row) => row.action)).toContain(
        "page.schedule",
      );

    // Before the start: each language's published version, held by the HTML cache.
    for (const [url, text] of [
      [EN, "Spring sale on"],
      [ZH, "春季促销进行中"],
    ] as const) {
      expect((await cachedPage(app, url)).html).toContain(text);
      expect(await cachedPage(app, url)).toMatchObject({ served: "hit" });
    }

    // After the start: each language's campaign version, then from the cache.
    await moveClockTo(start + MINUTE / 2);
    for (const [url, text, old] of [
      [EN, "Summer campaign on", "Spring sale on"],
      [ZH, "夏季活动进行中", "春季促销进行中"],
    ] as const) {
      const live = await cachedPage(app, url);
      expect(live.html, url).toContain(text);
      expect(live.html, url).not.toContain(old);
      const again = await cachedPage(app, url);
      expect(again.served, url).toBe("hit");
      expect(again.html, url).toContain(text);
    }
    expect((await call("GET", `/pages/${zh.id}/schedules`)).json().schedules).toMatchObject([
      { lang: "en_US", state: "live" },
      { lang: "zh_CN", state: "live" },
    ]);

    // After the end: each language falls back to its own version before the campaign.
    await moveClockTo(end + MINUTE / 2);
    for (const [url, text, campaign] of [
      [EN, "Spring sale on", "Summer campaign on"],
      [ZH, "春季促销进行中", "夏季活动进行中"],
    ] as const) {
      const after = await cachedPage(app, url);
      expect(after.html, url).toContain(text);
      expect(after.html, url).not.toContain(campaign);
      expect((await cachedPage(app, url)).served, url).toBe("hit");
    }
  }, 180_000);

  it("cancels a campaign in one language or in every language, audited per language", async () => {
    const list = (await call("GET", `/pages?siteCode=${SITE}`)).json().pages as {
      id: number;
      pageCode: string;
      lang: string;
    }[];
    const en = (
      await call("GET", `/pages/${list.find((p) => p.pageCode === "sched-spring" && p.lang === "en_US")!.id}`)
    ).json();
    const zh = (
      await call("GET", `/pages/${list.find((p) => p.pageCode === "sched-spring" && p.lang === "zh_CN")!.id}`)
    ).json();
    const start = Math.ceil(Date.now() / MINUTE) * MINUTE + 10 * MINUTE;
    const schedule = async () => {
      const res = await call("POST", `/pages/${en.id}/schedules`, {
        revision: en.revision,
        startsAt: zoned(start),
        languages: [{ lang: "zh_CN", revision: zh.revision }],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().schedules as { id: number; lang: string; campaignId: string; state: string }[];
    };
    const before = new Set(
      ((await call("GET", `/pages/${en.id}/schedules`)).json().schedules as { id: number }[]).map(
        (row) => row.id,
      ),
    );
    const waiting = <T extends { id: number }>(rows: T[]) => rows.filter((row) => !before.has(row.id));

    // One language: cancelled from the other language's editor; the en_US part stays.
    const first = waiting(await schedule());
    const zhPart = first.find((row) => row.lang === "zh_CN")!;
    const one = await call("DELETE", `/pages/${en.id}/schedules/${zhPart.id}`);
    expect(one.statusCode).toBe(200);
    expect(waiting(one.json().schedules as { id: number; lang: string }[]).map((row) => row.lang)).toEqual([
      "en_US",
    ]);
    const zhAudit = await auditOf(app, "content_page", String(zh.id));
    expect(zhAudit.map((row) => row.action)).toContain("page.schedule.cancel");

    // Every language: the rest of a campaign goes with one request.
    const enPart = first.find((row) => row.lang === "en_US")!;
    const second = waiting(await schedule()).filter((row) => row.campaignId !== enPart.campaignId);
    expect(second.map((row) => row.lang)).toEqual(["en_US", "zh_CN"]);
    const all = await call("DELETE", `/pages/${zh.id}/schedules/${second[0]!.id}?campaign=1`);
    expect(all.statusCode).toBe(200);
    expect(waiting(all.json().schedules as { id: number }[]).map((row) => row.id)).toEqual([enPart.id]);
    const again = await call("DELETE", `/pages/${zh.id}/schedules/${second[1]!.id}?campaign=1`);
    expect(again.statusCode).toBe(404);
  }, 60_000);
});
