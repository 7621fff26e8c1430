import { z } from "zod";

// The list queries the API reads (spec 7). Apart from core/lists.ts, whose list shapes the browser's pages build,
// so that a page importing those does not bring zod into its first load (ADR 0417).

/** spec 7: page mode sends page (a string from 0) and size. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** spec 7: score mode sends size, plus maxScore (the last item's score) when loading more. */
export const ScoreQuery = z.object({
  size: z.coerce.number().int().min(1).max(100).default(10),
  maxScore: z.coerce.number().optional(),
});
