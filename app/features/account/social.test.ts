import { describe, expect, it } from "vitest";
import { sdkMessageKey, socialStep } from "./social.ts";

describe("social login outcomes (spec 4, 8)", () => {
  it("maps each open-token answer to its step", () => {
    expect(socialStep({ success: true, code: "success" })).toBe("loggedIn");
    expect(socialStep({ success: false, code: "hoth.social.userNotFound" })).toBe("registerBind");
    expect(socialStep({ success: false, code: "hoth.social.openEmailOrPhoneNotFound" })).toBe("bind");
    expect(socialStep({ success: false, code: "hoth.social.providerNotBindUser" })).toBe("bind");
    expect(socialStep({ success: false, code: "social.invalidToken" })).toBe("failed");
  });

  it("names Facebook's SDK in its message", () => {
    expect(sdkMessageKey("facebook")).toBe("accountUi.social.facebookSdkMissing");
    expect(sdkMessageKey("google")).toBe("accountUi.social.sdkMissing");
  });
});
