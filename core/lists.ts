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
