import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import {
  addressRegions,
  campaigns,
  campaignTargets,
  categories,
  categoryDestinations,
  contentPages,
  continentDestinations,
  continents,
  couponScopes,
  coupons,
  currencies,
  destinationCountries,
  destinations,
  footerContents,
  helpArticles,
  helpWords,
  hotWords,
  infoPages,
  inviteSettings,
  legalDocuments,
  liveRooms,
  notes,
  planCoverage,
  planLabels,
  planPrices,
  plans,
  recommendItems,
  recommendLists,
  siteLanguages,
  sites,
  specificWords,
} from "../schema/index.ts";
import { seedAddressRegions } from "./address.ts";
import { artUrl } from "./art-urls.ts";
import { insertInBatches } from "./batch.ts";
import { seedContentPages } from "./content-pages.ts";
import { continentMembers, destinationRow, SEED_CONTINENTS, seedDestinations } from "./destinations.ts";
import {
  SEED_CATEGORIES,
  SEED_HOT_WORDS,
  SEED_NOTES,
  SEED_RECOMMEND_LISTS,
  SEED_SPECIFIC_WORDS,
  seedLiveRooms,
} from "./editorial.ts";
import { seedHelpArticles, seedHelpWords } from "./help-rows.ts";
import { seedFooterContents, seedInfoPages, seedLegalDocuments } from "./legal.ts";
import { SEED_CAMPAIGNS, SEED_COUPON_SCOPES, SEED_COUPONS } from "./marketing.ts";
import { buildPlan, SEED_LABELS, type SeedPlan, standardShapes } from "./plans.ts";

const SITE_CODE = "O2_PLATFORM__101";
const LOCALES = ["en_US", "zh_CN", "zh_HK"] as const;

/** Seeds the store when the database is empty; a seeded database is left alone. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sites);
  if ((row?.n ?? 0) > 0) {
    await seedPagesIfMissing(db);
    return false;
  }
  await seed(db);
  return true;
}

/** A store seeded before the legal and info pages existed gets their first versions (ADR 0200). */
async function seedPagesIfMissing(db: Database) {
  await db.transaction(async (tx) => {
    const [legal] = await tx.select({ n: sql<number>`count(*)::int` }).from(legalDocuments);
    if ((legal?.n ?? 0) === 0) await tx.insert(legalDocuments).values(seedLegalDocuments());
    const [info] = await tx.select({ n: sql<number>`count(*)::int` }).from(infoPages);
    if ((info?.n ?? 0) === 0) await tx.insert(infoPages).values(seedInfoPages());
    const [footer] = await tx.select({ n: sql<number>`count(*)::int` }).from(footerContents);
    if ((footer?.n ?? 0) === 0) await tx.insert(footerContents).values(seedFooterContents());
    // The China-trip pages and their plan list (issue 10).
    const [china] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(contentPages)
      .where(sql`${contentPages.pageCode} = 'gogochina'`);
    if ((china?.n ?? 0) === 0) {
      const list = SEED_RECOMMEND_LISTS.find((l) => l.recommendCode === "CHINA_TRIP")!;
      const codes = list.plans.split(" ");
      await tx
        .insert(recommendLists)
        .values({ recommendCode: list.recommendCode, name: list.name })
        .onConflictDoNothing();
      await tx
        .insert(recommendItems)
        .values(
          codes.map((platformProductCode, index) => ({
            recommendCode: list.recommendCode,
            platformProductCode,
            score: (codes.length - index) * 10,
          })),
        )
        .onConflictDoNothing();
      await tx.insert(contentPages).values(
        seedContentPages()
          .filter((document) => document.pageCode.startsWith("gogochina"))
          .map((document) => ({
            siteCode: SITE_CODE,
            pageCode: document.pageCode,
            pageType: document.pageType,
            lang: document.lang,
            status: "published" as const,
            title: document.title,
            document,
            publishedAt: new Date("2025-06-01T00:00:00Z"),
          })),
      );
    }
    const [help] = await tx.select({ n: sql<number>`count(*)::int` }).from(helpArticles);
    if ((help?.n ?? 0) === 0) {
      await tx.insert(helpArticles).values(seedHelpArticles());
      await tx.insert(helpWords).values(seedHelpWords());
    }
  });
}

/** The standard catalogue: every destination with its usual plan ladder (3 to 8 plans). */
export function standardPlans(): SeedPlan[] {
  return seedDestinations().flatMap((d) =>
    standardShapes(d).map((shape, index) => buildPlan(d, shape, index)),
  );
}

export async function seed(db: Database) {
  const destinationList = seedDestinations();
  const planList = standardPlans();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(sites).values({
      siteCode: SITE_CODE,
      tenantId: "0",
      catalogCode: "ESIM_CATALOG",
      catalogVersionCode: "ESIM_CATALOG_ONLINE",
      onlineShopCode: "ROAMLY_HK",
      onlineShopName: "Roamly eSIM",
      siteTypeCode: "B2C",
      defLanguageCode: "en_US",
      defCurrencyCode: "HKD",
      privacyPolicyUrls: {
        en_US: "/pageHtml?htmlType=privacyPolicy",
        zh_CN: "/zh_CN/pageHtml?htmlType=privacyPolicy",
        zh_HK: "/zh_HK/pageHtml?htmlType=privacyPolicy",
      },
      tacConditionUrls: {
        en_US: "/pageHtml?htmlType=tacCondition",
        zh_CN: "/zh_CN/pageHtml?htmlType=tacCondition",
        zh_HK: "/zh_HK/pageHtml?htmlType=tacCondition",
      },
    });
    await tx.insert(siteLanguages).values([
      { siteCode: SITE_CODE, lang: "en_US", langMeaning: "English", sortOrder: 0 },
      { siteCode: SITE_CODE, lang: "zh_CN", langMeaning: "简体中文", sortOrder: 1 },
      { siteCode: SITE_CODE, lang: "zh_HK", langMeaning: "繁體中文", sortOrder: 2 },
    ]);
    await tx.insert(currencies).values([
      { code: "HKD", symbol: "HK$", minorDigits: 2, rateFromBase: "1", sortOrder: 0 },
      { code: "USD", symbol: "US$", minorDigits: 2, rateFromBase: "0.128", sortOrder: 1 },
      { code: "CNY", symbol: "¥", minorDigits: 2, rateFromBase: "0.92", sortOrder: 2 },
      { code: "EUR", symbol: "€", minorDigits: 2, rateFromBase: "0.118", sortOrder: 3 },
      { code: "JPY", symbol: "JP¥", minorDigits: 0, rateFromBase: "19.4", sortOrder: 4 },
    ]);

    // Catalogue
    await insertInBatches(tx, destinations, destinationList.map(destinationRow));
    await insertInBatches(
      tx,
      destinationCountries,
      destinationList
        .filter((d) => d.type !== "COUNTRY")
        .flatMap((d) => d.countryCodes.map((countryCode) => ({ destinationCode: d.code, countryCode }))),
    );
    await tx.insert(continents).values(
      SEED_CONTINENTS.map((c, index) => ({
        continentId: c.continentId,
        code: c.code,
        name: c.name,
        imageUrl: artUrl("continent", c.code),
        thumbnailUrl: artUrl("continent", `${c.code}-thumb`),
        showFlag: c.showFlag,
        sortOrder: index,
      })),
    );
    await insertInBatches(tx, continentDestinations, continentMembers(destinationList));
    await tx.insert(planLabels).values(SEED_LABELS.map((label, index) => ({ ...label, sortOrder: index })));
    await insertInBatches(
      tx,
      plans,
      planList.map((p) => p.plan),
    );
    await insertInBatches(
      tx,
      planPrices,
      planList.flatMap((p) => p.prices),
    );
    await insertInBatches(
      tx,
      planCoverage,
      planList.flatMap((p) => p.coverage),
    );
    await tx
      .insert(categories)
      .values(SEED_CATEGORIES.map(({ destinations: _codes, ...category }) => category));
    await tx.insert(categoryDestinations).values(
      SEED_CATEGORIES.flatMap((c) =>
        c.destinations.split(" ").map((destinationCode, index) => ({
          categoryCode: c.categoryCode,
          destinationCode,
          sortOrder: index,
        })),
      ),
    );
    await tx
      .insert(recommendLists)
      .values(SEED_RECOMMEND_LISTS.map(({ recommendCode, name }) => ({ recommendCode, name })));
    await tx.insert(recommendItems).values(
      SEED_RECOMMEND_LISTS.flatMap((list) => {
        const codes = list.plans.split(" ");
        // Scores descend in steps of 10, leaving room to slot a plan in between later.
        return codes.map((platformProductCode, index) => ({
          recommendCode: list.recommendCode,
          platformProductCode,
          score: (codes.length - index) * 10,
        }));
      }),
    );

    // Editorial content
    await tx.insert(notes).values(
      SEED_NOTES.flatMap((note) =>
        LOCALES.map((lang) => ({
          noteInfoCode: note.noteInfoCode,
          lang,
          noteTitle: note.title[lang],
          mediaUrl: artUrl("note", note.noteInfoCode),
          noteContent: note.content[lang],
          topicNameList: note.topics.map((topic) => topic[lang]),
          publishedAt: new Date("2025-06-01T00:00:00Z"),
        })),
      ),
    );
    await tx.insert(liveRooms).values(seedLiveRooms(now));
    await tx
      .insert(hotWords)
      .values(
        LOCALES.flatMap((lang) =>
          SEED_HOT_WORDS.map((word, index) => ({ lang, word: word[lang], sortOrder: index })),
        ),
      );
    await tx
      .insert(specificWords)
      .values(
        LOCALES.flatMap((lang) =>
          SEED_SPECIFIC_WORDS.map((w) => ({ lang, specificWord: w.words[lang], deeplink: w.deeplink })),
        ),
      );
    await tx.insert(contentPages).values(
      seedContentPages().map((document) => ({
        siteCode: SITE_CODE,
        pageCode: document.pageCode,
        pageType: document.pageType,
        lang: document.lang,
        status: "published" as const,
        title: document.title,
        document,
        publishedAt: new Date("2025-06-01T00:00:00Z"),
      })),
    );

    // Legal documents, about us and join us (ADR 0200)
    await tx.insert(legalDocuments).values(seedLegalDocuments());
    await tx.insert(infoPages).values(seedInfoPages());
    await tx.insert(helpArticles).values(seedHelpArticles());
    await tx.insert(helpWords).values(seedHelpWords());
    await tx.insert(footerContents).values(seedFooterContents());

    // Marketing
    await tx.insert(campaigns).values(SEED_CAMPAIGNS.map(({ targets: _targets, ...campaign }) => campaign));
    await tx.insert(campaignTargets).values(
      SEED_CAMPAIGNS.flatMap((c) =>
        c.targets.split(" ").map((platformProductCode, index) => ({
          marketingCode: c.marketingCode,
          platformProductCode,
          sortOrder: index,
        })),
      ),
    );
    await tx.insert(coupons).values(SEED_COUPONS);
    await tx.insert(couponScopes).values(SEED_COUPON_SCOPES);
    // Invite rewards: the friend's reward is the SFB-FRIEND coupon (ADR 0242).
    await tx
      .insert(inviteSettings)
      .values({ id: 1, friendCouponCode: "SFB-FRIEND" })
      .onConflictDoUpdate({ target: inviteSettings.id, set: { friendCouponCode: "SFB-FRIEND" } });

    // Address tree
    await tx.insert(addressRegions).values(seedAddressRegions());
  });
}
