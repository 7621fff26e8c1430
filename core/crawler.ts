import { isbot } from "isbot";
import { keptAnswers } from "./kept.ts";

/**
 * Whether a user agent is a crawler (isbot's list), answered once per user agent: a render asks four times (the
 * HTML cache's key, the root loader, home's rows, whether the page is rendered whole), and isbot runs one regular
 * expression of several hundred alternatives over the string each time. Browsers send a handful of distinct user
 * agents, so the answers are kept (1,024).
 */
const answers = keptAnswers<string, boolean>(1_024);

export function isCrawler(userAgent: string | null | undefined): boolean {
  return userAgent ? answers(userAgent, () => isbot(userAgent)) : false;
}
