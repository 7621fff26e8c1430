import { describe, expect, it } from "vitest";
import { isPhoneBrowser } from "./phone-browser.ts";

describe("isPhoneBrowser", () => {
  it("recognises phone browsers by their agent or the mobile client hint", () => {
    // Lighthouse's mobile emulation, an iPhone, and Chrome on Android with a reduced agent but the hint.
    expect(
      isPhoneBrowser(
        "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe(true);
    expect(
      isPhoneBrowser(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe(true);
    expect(isPhoneBrowser("Mozilla/5.0 (Linux; Android 10; K) Chrome/140.0.0.0 Safari/537.36", "?1")).toBe(
      true,
    );
  });

  it("treats desktops, tablets and unknown agents as wide screens", () => {
    expect(
      isPhoneBrowser(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
        "?0",
      ),
    ).toBe(false);
    // iPadOS asks for desktop pages; Android tablets leave out "Mobile".
    expect(
      isPhoneBrowser(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
      ),
    ).toBe(false);
    expect(
      isPhoneBrowser(
        "Mozilla/5.0 (Linux; Android 14; SM-X910) AppleWebKit/537.36 Chrome/140.0.0.0 Safari/537.36",
      ),
    ).toBe(false);
    expect(isPhoneBrowser(undefined)).toBe(false);
    expect(isPhoneBrowser("")).toBe(false);
  });
});
