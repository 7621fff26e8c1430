import { type SQL, sql } from "drizzle-orm";
import { BASE_CURRENCY } from "../../../core/pricing.ts";
import type { Database } from "../../../db/client.ts";
import { convertedPriceSql } from "../../../db/pricing-sql.ts";
import type { DestinationType, NetworkType } from "../../../db/schema/index.ts";
import type { LocalizedText } from "../../../db/schema/localized.ts";
import {
  DATA_FILTERS,
  DAYS_FILTERS,
  type DataFilter,
  type DaysFilter,
  type PlpSort,
} from "./product-query.ts";

/** The rows of a raw statement; both drivers (PGlite, node-postgres) answer {rows}. */
async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface ProductListFilter {
  /** Only these destinations; with relevance, the list keeps this order before anything else. */
  destinationCodes?: string[];
  relevance?: boolean;
  platformProductCodes?: string[];
  types?: DestinationType[];
  titleContains?: { locale: "en_US" | "zh_CN" | "zh_HK"; text: string };
  data?: DataFilter;
  days?: DaysFilter;
  /** Highest unit price in minor units of the priced currency. */
  maxUnitPrice?: number;
  unlimited?: boolean;
  fiveG?: boolean;
}

export interface PricedCurrency {
  code: string;
  /** Units of this currency per base unit, a decimal string, and the minor-digit difference to the base. */
  rateFromBase: string;
  digitShift: number;
}

export interface ProductRow {
  platformProductCode: string;
  destinationCode: string;
  title: LocalizedText;
  dataMb: number | null;
  unlimited: boolean;
  dailyHighSpeedMb: number | null;
  validityDays: number;
  hotspot: boolean;
  network: NetworkType;
  labelCodes: string[];
  destinationType: DestinationType;
  nameEn: string;
  nameZhCn: string;
  nameZhHk: string;
  imageUrl: string;
  unitPrice: number;
  displayPrice: number | null;
  total: number;
}

function between(column: SQL, [min, max]: readonly [number | null, number | null]): SQL {
  if (min !== null && max !== null) return sql`${column} between ${min} and ${max}`;
  if (min !== null) return sql`${column} >= ${min}`;
  return sql`${column} <= ${max}`;
}

const ORDER: Record<Exclude<PlpSort, "recommended">, SQL> = {
  "price-asc": sql`pr.unit_price asc`,
  "price-desc": sql`pr.unit_price desc`,
  // Unlimited plans have no price per GB; they go last.
  "per-gb-asc": sql`(pr.unit_price::numeric / nullif(p.data_mb, 0)) asc nulls last`,
  "data-desc": sql`p.unlimited desc, p.data_mb desc nulls first`,
  "validity-desc": sql`p.validity_days desc`,
};

export function createProductListRepo(db: Database) {
  return {
    /**
     * One page of plans on sale, priced in a currency (its own price point, else converted from the base price
     * exactly in numeric), with the total count, in one statement (ADR 0081).
     */
    async page(
      filter: ProductListFilter,
      currency: PricedCurrency,
      sort: PlpSort,
      page: number,
      size: number,
    ): Promise<ProductRow[]> {
      // One conversion rule for TypeScript and SQL: db/pricing-sql.ts, from core/pricing.ts (ADR 0398).
      const converted = (amount: SQL) =>
        convertedPriceSql(amount, sql`${currency.rateFromBase}`, sql`${currency.digitShift}`);
      // The plan's price in the currency: its own price point, else the base price converted exactly.
      const priceJoin = (p: string, pr: string) => sql`
        join lateral (
          select
            coalesce(c.unit_price, ${converted(sql`b.unit_price`)}) as unit_price,
            case when c.platform_product_code is not null then c.display_price
                 else ${converted(sql`b.display_price`)} end as display_price
          from plan_price b
          left join plan_price c
            on c.platform_product_code = b.platform_product_code and c.currency_code = ${currency.code}
          where b.platform_product_code = ${sql.raw(p)}.platform_product_code and b.currency_code = ${BASE_CURRENCY}
        ) ${sql.raw(pr)} on true`;
      // The same conditions for the page and for its count, over either set of table aliases.
      const conditions = (p: string, d: string, pr: string): SQL => {
        const [P, D] = [sql.raw(p), sql.raw(d)];
        const where: SQL[] = [sql`${P}.status = 'ON_SHELF'`, sql`${D}.enabled`];
        if (filter.destinationCodes)
          where.push(
            sql`${P}.destination_code = any(string_to_array(${filter.destinationCodes.join(",")}, ','))`,
          );
        if (filter.platformProductCodes)
          where.push(
            sql`${P}.platform_product_code = any(string_to_array(${filter.platformProductCodes.join(",")}, ','))`,
          );
        if (filter.types) where.push(sql`${D}.type = any(string_to_array(${filter.types.join(",")}, ','))`);
        if (filter.titleContains) {
          const pattern = `%${filter.titleContains.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          where.push(sql`(${P}.title ->> ${filter.titleContains.locale}) ilike ${pattern}`);
        }
        if (filter.data)
          where.push(sql`not ${P}.unlimited`, between(sql`${P}.data_mb`, DATA_FILTERS[filter.data]));
        if (filter.days) where.push(between(sql`${P}.validity_days`, DAYS_FILTERS[filter.days]));
        if (filter.unlimited) where.push(sql`${P}.unlimited`);
        if (filter.fiveG) where.push(sql`${P}.network = '5G'`);
        if (filter.maxUnitPrice !== undefined)
          where.push(sql`${sql.raw(pr)}.unit_price <= ${filter.maxUnitPrice}`);
        return sql.join(where, sql` and `);
      };
      const priced = filter.maxUnitPrice !== undefined;

      const relevance =
        filter.relevance && filter.destinationCodes
          ? sql`array_position(string_to_array(${filter.destinationCodes.join(",")}, ','), d.code::text),`
          : sql``;
      // Recommended order follows destination popularity, so the first page reads only the first destinations'
      // plans through the (popularity, code) and (destination_code, status, sort_order) indexes.
      const order =
        sort === "recommended"
          ? sql`${relevance} d.popularity desc nulls last, d.code, p.sort_order, p.platform_product_code`
          : sql`${ORDER[sort]}, d.popularity desc nulls last, d.code, p.sort_order, p.platform_product_code`;

      const result = await queryRows<ProductRow>(
        db,
        sql`
        select p.platform_product_code as "platformProductCode", p.destination_code as "destinationCode",
          p.title, p.data_mb as "dataMb", p.unlimited, p.daily_high_speed_mb as "dailyHighSpeedMb",
          p.validity_days as "validityDays", p.hotspot, p.network, p.label_codes as "labelCodes",
          d.type as "destinationType", d.name_en as "nameEn", d.name_zh_cn as "nameZhCn",
          d.name_zh_hk as "nameZhHk", d.image_url as "imageUrl",
          pr.unit_price as "unitPrice", pr.display_price as "displayPrice",
          (select count(*) from plan p2 join destination d2 on d2.code = p2.destination_code
             ${priced ? priceJoin("p2", "pr2") : sql``}
           where ${conditions("p2", "d2", "pr2")})::int as total
        from destination d
        join plan p on p.destination_code = d.code
        ${priceJoin("p", "pr")}
        where ${conditions("p", "d", "pr")}
        order by ${order}
        limit ${size} offset ${page * size}`,
      );
      return result;
    },

    /** The plans a campaign targets, in its order (spec 3 campaign target info). */
    async campaignPlans(marketingCode: string): Promise<string[]> {
      const result = await queryRows<{ code: string }>(
        db,
        sql`
        select platform_product_code as code from campaign_target
        where marketing_code = ${marketingCode} order by sort_order`,
      );
      return result.map((row) => row.code);
    },

    /** A plan's price in every enabled currency (its own price point, else converted from the base price). */
    async offers(platformProductCode: string) {
      const converted = (amount: SQL) =>
        convertedPriceSql(amount, sql`c.rate_from_base`, sql`c.minor_digits - base.minor_digits`);
      const result = await queryRows<{
        currencyCode: string;
        minorDigits: number;
        unitPrice: number;
        displayPrice: number | null;
      }>(
        db,
        sql`
        select c.code as "currencyCode", c.minor_digits as "minorDigits",
          coalesce(own.unit_price, ${converted(sql`b.unit_price`)}) as "unitPrice",
          case when own.platform_product_code is not null then own.display_price
               else ${converted(sql`b.display_price`)} end as "displayPrice"
        from currency c
        join currency base on base.code = ${BASE_CURRENCY}
        join plan_price b on b.platform_product_code = ${platformProductCode} and b.currency_code = base.code
        left join plan_price own on own.platform_product_code = b.platform_product_code and own.currency_code = c.code
        where c.enabled
        order by c.sort_order`,
      );
      return result;
    },

    /** Destinations of a storefront category, in its order. */
    async categoryDestinations(categoryCode: string): Promise<string[] | null> {
      const result = await queryRows<{ code: string | null }>(
        db,
        sql`
        select cd.destination_code as code
        from category c left join category_destination cd on cd.category_code = c.category_code
        where c.category_code = ${categoryCode}
        order by cd.sort_order`,
      );
      if (result.length === 0) return null;
      return result.flatMap((row) => (row.code ? [row.code] : []));
    },

    /** Members of a continent tab (spec 3 Continent), by its id. */
    async continentDestinations(continentId: number): Promise<string[]> {
      const result = await queryRows<{ code: string }>(
        db,
        sql`
        select destination_code as code from continent_destination
        where continent_id = ${continentId} order by sort_order`,
      );
      return result.map((row) => row.code);
    },

    async destinationType(code: string): Promise<DestinationType | null> {
      const result = await queryRows<{ type: DestinationType }>(
        db,
        sql`select type from destination where code = ${code} and enabled`,
      );
      return result[0]?.type ?? null;
    },

    /** Destinations called exactly this (any locale, any case). */
    async destinationsNamed(names: string[]): Promise<{ code: string; type: DestinationType }[]> {
      if (names.length === 0) return [];
      // A unit separator cannot occur in a name, so the list travels as one parameter.
      const lowered = names.map((name) => name.toLowerCase()).join("\u001f");
      const result = await queryRows<{ code: string; type: DestinationType }>(
        db,
        sql`
        select code, type from destination
        where enabled and (lower(name_en) = any(string_to_array(${lowered}, chr(31)))
          or lower(name_zh_cn) = any(string_to_array(${lowered}, chr(31)))
          or lower(name_zh_hk) = any(string_to_array(${lowered}, chr(31))))
        order by popularity desc`,
      );
      return result;
    },

    /** Destinations that cover every one of these countries (the countries themselves included). */
    async destinationsCovering(countryCodes: string[]): Promise<string[]> {
      const joined = countryCodes.join(",");
      const result = await queryRows<{ code: string }>(
        db,
        sql`
        select d.code from destination d
        where d.enabled and (
          (d.type = 'COUNTRY' and ${countryCodes.length} = 1 and d.code = ${countryCodes[0] ?? ""})
          or (select count(*) from destination_country dc
              where dc.destination_code = d.code
                and dc.country_code = any(string_to_array(${joined}, ','))) = ${countryCodes.length}
        )
        order by d.popularity desc`,
      );
      return result.map((row) => row.code);
    },
  };
}

export type ProductListRepo = ReturnType<typeof createProductListRepo>;
