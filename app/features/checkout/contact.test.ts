import { describe, expect, it } from "vitest";
import { contactBody, contactErrors } from "./contact.ts";

const contact = (email: string, phone = "") => ({ email, areaCode: "852", phone });

describe("checkout contact", () => {
  it("takes the e-mails the server takes, trimmed", () => {
    expect(contactErrors(contact(" traveller@example.com "))).toBeNull();
    expect(contactBody(contact(" traveller@example.com "))).toEqual({
      contactEmail: "traveller@example.com",
      contactPhone: undefined,
    });
  });

  it("refuses a missing or malformed e-mail with the checkout's message", () => {
    expect(contactErrors(contact(""))).toEqual({ email: "checkoutUi.emailInvalid" });
    expect(contactErrors(contact("traveller@"))).toEqual({ email: "checkoutUi.emailInvalid" });
    expect(contactErrors(contact(`${"a".repeat(250)}@b.co`))).toEqual({ email: "checkoutUi.emailInvalid" });
  });

  it("refuses what the server refuses, before sending the order", () => {
    // The page's old pattern let any non-space character through, so the server refused these after the click.
    expect(contactErrors(contact("tra#veller@example.com"))).toEqual({ email: "checkoutUi.emailInvalid" });
    expect(contactErrors(contact("traveller@exa_mple.com"))).toEqual({ email: "checkoutUi.emailInvalid" });
  });

  it("checks the optional phone: empty, or 4 to 15 digits sent with its area code", () => {
    expect(contactErrors(contact("a@b.co", "123"))).toEqual({ phone: "checkoutUi.phoneInvalid" });
    expect(contactBody(contact("a@b.co", "91234567")).contactPhone).toBe("+852 91234567");
  });
});
