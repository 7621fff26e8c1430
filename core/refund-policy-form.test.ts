import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { DEFAULT_REFUND_POLICY, RefundPolicyFormSchema, RefundPolicySchema } from "./refund-policy.ts";

// The console's refund policy form (ADR 0358) reads the API's schema through Conform: every invalid field is
// reported at once, and an unticked box means no.
function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

describe("refund policy form", () => {
  it("reports every invalid field together", () => {
    const submission = parseWithZod(
      form({ cancelWindowDays: "-1", requestWindowDays: "400", maxUsedPercent: "101", cardRefundDays: "0" }),
      { schema: RefundPolicyFormSchema },
    );
    expect(submission.status).toBe("error");
    const errors = submission.status === "error" ? submission.error : {};
    expect(Object.keys(errors ?? {}).sort()).toEqual([
      "cancelWindowDays",
      "cardRefundDays",
      "maxUsedPercent",
      "requestWindowDays",
    ]);
  });

  it("reads ticked boxes as yes and missing ones as no, giving what the API accepts", () => {
    const submission = parseWithZod(
      form({
        cancelWindowDays: "14",
        requestWindowDays: "30",
        maxUsedPercent: "5",
        cardRefundDays: "7",
        allowCredit: "on",
      }),
      { schema: RefundPolicyFormSchema },
    );
    expect(submission.status).toBe("success");
    const value = submission.status === "success" ? submission.value : null;
    expect(value).toEqual({
      cancelWindowDays: 14,
      requestWindowDays: 30,
      installedRefundable: false,
      maxUsedPercent: 5,
      allowCard: false,
      allowCredit: true,
      cardRefundDays: 7,
    });
    expect(RefundPolicySchema.parse(value)).toEqual(value);
    expect(RefundPolicySchema.safeParse({ ...DEFAULT_REFUND_POLICY, allowCard: undefined }).success).toBe(
      false,
    );
  });
});
