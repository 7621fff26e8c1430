import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../../db/client.ts";
import { campaigns, campaignTargets } from "../../../../db/schema/index.ts";
import type { LocalizedText } from "../../../../db/schema/localized.ts";

// Campaigns by marketingCode in the console (issue 16; ADR 0232): what the campaign gate (ADR 0082) reads.

export interface CampaignInput {
  marketingCode: string;
  name: LocalizedText;
  showFlag: boolean;
  startTime: Date;
  endTime: Date;
  /** The plans the campaign page lists, in order. */
  targets: string[];
}

export function createConsoleCampaigns() {
  async function row(db: Database, code: string) {
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.marketingCode, code));
    if (!campaign) return null;
    const targets = await db
      .select({ code: campaignTargets.platformProductCode })
      .from(campaignTargets)
      .where(eq(campaignTargets.marketingCode, code))
      .orderBy(asc(campaignTargets.sortOrder));
    return { ...campaign, targets: targets.map((t) => t.code) };
  }

  return {
    async list(db: Database) {
      const rows = await db.select().from(campaigns).orderBy(asc(campaigns.startTime));
      return rows;
    },

    get: row,

    /** Creates or replaces a campaign and its targets. */
    async save(tx: Database, input: CampaignInput) {
      const before = await row(tx, input.marketingCode);
      const { targets, ...fields } = input;
      await tx
        .insert(campaigns)
        .values(fields)
        .onConflictDoUpdate({
          target: campaigns.marketingCode,
          set: {
            name: fields.name,
            showFlag: fields.showFlag,
            startTime: fields.startTime,
            endTime: fields.endTime,
          },
        });
      await tx.delete(campaignTargets).where(eq(campaignTargets.marketingCode, input.marketingCode));
      if (targets.length > 0)
        await tx.insert(campaignTargets).values(
          targets.map((platformProductCode, sortOrder) => ({
            marketingCode: input.marketingCode,
            platformProductCode,
            sortOrder,
          })),
        );
      return { before, after: await row(tx, input.marketingCode) };
    },
  };
}
export type ConsoleCampaigns = ReturnType<typeof createConsoleCampaigns>;
