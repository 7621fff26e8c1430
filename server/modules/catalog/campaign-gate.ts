import { inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { campaigns } from "../../../db/schema/index.ts";

/** spec 3 campaign target info: one entry per asked code, in the order asked. */
export interface CampaignTarget {
  marketingCode: string;
  /** spec 4: false means the campaign has ended (or never existed), and the page says 活动已结束. */
  showFlag: boolean;
}

/**
 * spec 4 campaign gate (ADR 0082): a campaign shows while the operator's showFlag is on and the current time is
 * inside its start and end. An unknown code counts as ended, so a stale link never shows an empty campaign.
 */
export function createCampaignGate(db: Database, clock: () => Date = () => new Date()) {
  return {
    async targetInfo(codes: readonly string[]): Promise<CampaignTarget[]> {
      const unique = [...new Set(codes)];
      const rows = unique.length
        ? await db.select().from(campaigns).where(inArray(campaigns.marketingCode, unique))
        : [];
      const now = clock().getTime();
      const byCode = new Map(rows.map((row) => [row.marketingCode, row]));
      return codes.map((marketingCode) => {
        const row = byCode.get(marketingCode);
        const live = !!row && row.showFlag && row.startTime.getTime() <= now && now <= row.endTime.getTime();
        return { marketingCode, showFlag: live };
      });
    },
  };
}

export type CampaignGate = ReturnType<typeof createCampaignGate>;
