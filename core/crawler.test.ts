import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { isCrawler } from "./crawler.ts";

const AGENTS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "curl/8.5.0",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
];

describe("isCrawler", () => {
  it("answers as isbot does, the first time and every time after", () => {
    for (let round = 0; round < 2; round++) {
      for (const agent of AGENTS) expect(isCrawler(agent), agent).toBe(isbot(agent));
    }
    expect(isCrawler(AGENTS[0])).toBe(true);
    expect(isCrawler(AGENTS[4])).toBe(false);
  });

  it("takes no user agent as a browser's", () => {
    expect(isCrawler(undefined)).toBe(false);
    expect(isCrawler(null)).toBe(false);
    expect(isCrawler("")).toBe(false);
  });

  it("stays right past the number of answers it keeps", () => {
    for (let i = 0; i < 1_100; i++) {
      const agent =
        i % 2 ? `Mozilla/5.0 Chrome/${i}.0 Safari/537.36` : `ExampleBot/${i}.0 (+https://example.com/bot)`;
      expect(isCrawler(agent), agent).toBe(isbot(agent));
    }
  });
});
