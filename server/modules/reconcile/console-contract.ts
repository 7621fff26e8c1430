import { z } from "zod";
import { consoleContract } from "../admin/contract.ts";

// The console's reconciliation endpoints as contracts (issue 33 item 1, ADR 0407): the mismatches the daily job
// found, and marking one resolved with a note (issue 29 item 4, ADR 0365).

/** One mismatch as the console reads it (amounts in the currency's minor units, times as ISO instants). */
export const MismatchView = z.object({
  id: z.string(),
  kind: z.string(),
  day: z.string(),
  party: z.string(),
  orderCode: z.string().nullable(),
  reference: z.string().nullable(),
  oursMinor: z.number().nullable(),
  theirsMinor: z.number().nullable(),
  currency: z.string().nullable(),
  foundAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type MismatchView = z.infer<typeof MismatchView>;

export const listMismatches = consoleContract({
  method: "GET",
  path: "/reconciliation",
  permission: "reconciliation.read",
  query: z.object({ show: z.enum(["open", "all"]).default("open") }),
  response: z.object({ mismatches: z.array(MismatchView), open: z.number() }),
});

/** The operator's note, as typed in the page's form. */
export const ResolveBody = z.object({
  note: z.string().trim().min(3, "validation.tooShort").max(1000, "validation.tooLong"),
});

export const resolveMismatch = consoleContract({
  method: "POST",
  path: "/reconciliation/:id/resolve",
  permission: "reconciliation.resolve",
  params: z.object({ id: z.uuid() }),
  body: ResolveBody,
  response: MismatchView,
});
