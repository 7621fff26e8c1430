import { describe, expect, it } from "vitest";
import { onlyDialogKeysChanged } from "./use-query-dialog.ts";

const url = (path: string) => new URL(path, "https://shop.example.com");

describe("onlyDialogKeysChanged (spec 2: the visible flags never reload a page's data)", () => {
  it("is true when a query-key dialog opens or closes on the same page", () => {
    expect(
      onlyDialogKeysChanged(url("/checkout?quantity=1"), url("/checkout?quantity=1&couponDialog=true")),
    ).toBe(true);
    expect(onlyDialogKeysChanged(url("/my/userInfo?addressPicker=true"), url("/my/userInfo"))).toBe(true);
  });

  it("is false when anything else changes, or nothing does", () => {
    expect(
      onlyDialogKeysChanged(url("/checkout?quantity=1"), url("/checkout?quantity=2&couponDialog=true")),
    ).toBe(false);
    expect(onlyDialogKeysChanged(url("/checkout?couponDialog=true"), url("/pay?couponDialog=true"))).toBe(
      false,
    );
    expect(onlyDialogKeysChanged(url("/checkout?quantity=1"), url("/checkout?quantity=1"))).toBe(false);
  });
});
