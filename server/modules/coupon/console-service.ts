import type { CouponRulesInput } from "../../../core/forms/coupon.ts";
import { toMinorUnits } from "../../../core/money.ts";
import type { Database } from "../../../db/client.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import { CACHE_TAGS, type SharedCache } from "../../infra/cache.ts";
import { auditedChange } from "../admin/audit.ts";
import type { ContractBody, ContractQuery } from "../admin/contract.ts";
import type { ConsoleCampaigns } from "../catalog/console/campaigns.ts";
import type { ConsoleCatalogue } from "../catalog/console/catalogue.ts";
import type { ConsoleWords } from "../search/console.ts";
import type { ConsoleRates } from "../site/console.ts";
import type { ConsoleCoupons } from "./console.ts";
import type {
  couponScopes,
  createCoupon,
  listCoupons,
  saveCampaign,
  setHotWords,
  setSpecificWords,
  updateCoupon,
} from "./console-contract.ts";

// The console's marketing use cases (issue 33 item 1, ADR 0407): each owns its transaction, its audit entry and the
// cache tags it clears, so the console routes only validate, call and shape (issue 16; ADRs 0232, 0360).

interface Operator {
  id: string;
}

export interface MarketingConsoleDeps {
  db: Database;
  coupons: ConsoleCoupons;
  campaigns: ConsoleCampaigns;
  words: ConsoleWords;
  catalogue: Pick<ConsoleCatalogue, "plan" | "destination" | "scopeOptions">;
  rates: Pick<ConsoleRates, "minorDigits">;
  cache: Pick<SharedCache, "invalidate">;
}

export function createMarketingConsole(deps: MarketingConsoleDeps) {
  const { db, coupons, campaigns, words, catalogue, rates, cache } = deps;
  const transaction = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((raw) => work(raw as unknown as Database));

  /** The coupon as stored: amounts typed in major units converted with their currency's digits. */
  async function resolved<T extends CouponRulesInput>(input: T) {
    const digitsOf = await rates.minorDigits(db);
    const known = new Set(digitsOf.keys());
    for (const currency of [input.minimumSpendCurrency, input.reductionCurrency])
      if (currency && !known.has(currency))
        throw new ApiError(400, "consoleMerch.unknownCurrency", { params: { currency } });
    const digits = (code: string | null) => (code ? digitsOf.get(code) : undefined) ?? 2;
    const minor = (field: string, amount: string, currency: string | null) => {
      const value = toMinorUnits(amount, digits(currency));
      if (value === null || value > 100_000_000)
        throw new ApiError(400, "error.badRequest", { fields: { [field]: "consoleMerch.amountFormat" } });
      return value;
    };
    const { reductionAmount, minimumSpendAmount, ...rest } = input;
    const resultReduction =
      reductionAmount !== null
        ? minor("reductionAmount", reductionAmount, input.reductionCurrency)
        : rest.resultReduction;
    if (input.couponTypeCode === "REDUCTION" && (resultReduction === null || resultReduction < 1))
      throw new ApiError(400, "error.badRequest", {
        fields: { reductionAmount: "consoleMerch.amountFormat" },
      });
    const rules = {
      ...rest,
      resultReduction,
      minimumSpend:
        minimumSpendAmount !== null
          ? minor("minimumSpendAmount", minimumSpendAmount, input.minimumSpendCurrency)
          : (rest.minimumSpend ?? 0),
    };
    await checkScopes(rules.scopes);
    return normalized(rules);
  }

  async function checkScopes(scopes: { scopeType: "PLAN" | "DESTINATION"; scopeCode: string }[]) {
    for (const scope of scopes) {
      const exists =
        scope.scopeType === "PLAN"
          ? await catalogue.plan(db, scope.scopeCode)
          : await catalogue.destination(db, scope.scopeCode);
      if (!exists)
        throw new ApiError(400, "consoleMerch.unknownScope", { params: { code: scope.scopeCode } });
    }
  }

  /** Coupon fields the kind does not use are stored empty, so the rules read one way. */
  function normalized<T extends { couponTypeCode: string }>(input: T): T {
    return input.couponTypeCode === "DISCOUNT"
      ? { ...input, resultReduction: null, reductionCurrency: null }
      : { ...input, resultDiscount: null };
  }

  /** The pages' coupon blocks read definitions through the shared cache (ADR 0209): every instance drops them. */
  const couponsChanged = () => cache.invalidate([CACHE_TAGS.coupons]);

  return {
    listCoupons: (query: ContractQuery<typeof listCoupons>) => coupons.list(db, query),

    async couponScopes(query: ContractQuery<typeof couponScopes>) {
      return { options: await catalogue.scopeOptions(db, { q: query.q, codes: query.codes }) };
    },

    async getCoupon(code: string) {
      const coupon = await coupons.get(db, code);
      if (!coupon) throw notFound("consoleMerch.couponNotFound");
      return coupon;
    },

    async createCoupon(operator: Operator, body: ContractBody<typeof createCoupon>) {
      const coupon = await resolved(body);
      const created = await transaction((tx) =>
        auditedChange(tx, operator, { action: "coupon.create", entity: "coupon", entityId: body.code }, () =>
          coupons.create(tx, coupon),
        ),
      );
      if (!created) throw new ApiError(409, "consoleMerch.couponExists");
      await couponsChanged();
      return { ...created, usage: { used: 0, issued: 0, customers: 0 } };
    },

    async updateCoupon(operator: Operator, code: string, body: ContractBody<typeof updateCoupon>) {
      const coupon = await resolved(body);
      const updated = await transaction((tx) =>
        auditedChange(tx, operator, { action: "coupon.update", entity: "coupon", entityId: code }, () =>
          coupons.update(tx, code, coupon),
        ),
      );
      if (!updated) throw notFound("consoleMerch.couponNotFound");
      await couponsChanged();
      return this.getCoupon(code);
    },

    async setCouponEnabled(operator: Operator, code: string, enabled: boolean) {
      const updated = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          {
            action: enabled ? "coupon.enable" : "coupon.disable",
            entity: "coupon",
            entityId: code,
            record: (change) => ({
              before: { enabled: change.before.enabled },
              after: { enabled: change.after?.enabled },
            }),
          },
          () => coupons.setEnabled(tx, code, enabled),
        ),
      );
      if (!updated) throw notFound("consoleMerch.couponNotFound");
      await couponsChanged();
      return this.getCoupon(code);
    },

    /**
     * The sandbox tools' switch (issue 30, /__dev/coupons/{code}/enabled): as `setCouponEnabled` but with no
     * operator, so no audit entry; false when there is no such coupon.
     */
    async switchForSandbox(code: string, enabled: boolean) {
      const changed = await transaction((tx) => coupons.setEnabled(tx, code, enabled));
      if (!changed) return false;
      await couponsChanged();
      return true;
    },

    async listCampaigns() {
      return { campaigns: await campaigns.list(db) };
    },

    async getCampaign(code: string) {
      const campaign = await campaigns.get(db, code);
      if (!campaign) throw notFound("consoleMerch.campaignNotFound");
      return campaign;
    },

    async saveCampaign(operator: Operator, code: string, body: ContractBody<typeof saveCampaign>) {
      for (const target of body.targets)
        if (!(await catalogue.plan(db, target)))
          throw new ApiError(400, "consoleMerch.unknownScope", { params: { code: target } });
      const saved = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          {
            action: (change) => (change.before ? "campaign.update" : "campaign.create"),
            entity: "campaign",
            entityId: code,
          },
          () => campaigns.save(tx, { marketingCode: code, ...body }),
        ),
      );
      // The campaign page and its plan list are cached with the catalogue.
      await cache.invalidate([CACHE_TAGS.catalog]);
      return saved;
    },

    listWords: (lang: string) => words.list(db, lang),

    setHotWords: (operator: Operator, body: ContractBody<typeof setHotWords>) =>
      transaction(async (tx) => ({
        hotWords: await auditedChange(
          tx,
          operator,
          { action: "search.hot_words.set", entity: "hot-words", entityId: body.lang },
          () => words.setHotWords(tx, body.lang, body.words),
        ),
      })),

    setSpecificWords: (operator: Operator, body: ContractBody<typeof setSpecificWords>) =>
      transaction(async (tx) => ({
        specificWords: await auditedChange(
          tx,
          operator,
          { action: "search.specific_words.set", entity: "specific-words", entityId: body.lang },
          () => words.setSpecificWords(tx, body.lang, body.words),
        ),
      })),
  };
}

export type MarketingConsole = ReturnType<typeof createMarketingConsole>;
