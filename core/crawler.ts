import { isbot } from "isbot";

/**
 * Whether a user agent is a crawler (isbot's list), answered once per user agent: a render asks four times (the
 * HTML cache's key, the root loader, home's rows, whether the page is rendered whole), and isbot runs one regular
 * expression of several hundred alternatives over the string each time. Browsers send a handful of distinct user
 * agents, so the answers are kept (1,024, cleared when full).
 */
const answers = new Map<string, boolean>();
const ANSWERS_MAX = 1_024;

export function isCrawler(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  let answer = answers.get(userAgent);
  if (answer === undefined) {
    answer = isbot(userAgent);
    if (answers.size >= ANSWERS_MAX) answers.clear();
    answers.set(userAgent, answer);
  }
  return answer;
}
