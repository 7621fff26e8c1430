import { z } from "zod";

/** spec 3: page-mode list response. */
export interface PageList<T> {
  content: T[];
  totalElements: number;
  numberOfElements: number;
}

/** spec 3: score-mode list response; every item carries its score. */
export interface ScoreList<T extends { score: number }> {
  data: T[];
  count: number;
}

export function pageList<T>(content: T[], totalElements: number): PageList<T> {
  return { content, totalElements, numberOfElements: content.length };
}

export function scoreList<T extends { score: number }>(data: T[], count: number): ScoreList<T> {
  return { data, count };
}

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
