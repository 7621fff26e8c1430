import { SpanKind } from "@opentelemetry/api";
import { paymentCalls, paymentDuration, secondsSince, supplierCalls, supplierDuration } from "./metrics.ts";
import { inSpan } from "./tracing.ts";

type Party = "supplier" | "payment";

const instruments = {
  supplier: { calls: supplierCalls, duration: supplierDuration, label: "supplier" },
  payment: { calls: paymentCalls, duration: paymentDuration, label: "provider" },
} as const;

/** The methods that answer at once, without calling the outside party (no span, no metric). */
const LOCAL = new Set(["minimumAmount", "parseWebhook", "verifyWebhook"]);

/**
 * An outside party's adapter whose calls are measured (issue 34 item 4; ADRs 0331, 0332): each asynchronous method
 * records `roamly_<party>_calls_total` and its latency by operation and outcome, and runs in a client span
 * (`supplier provision`, `payment refund`). Outcome: ok, error, or pending (an asynchronous supplier that took
 * the order but has not allocated the profile: not a failure). The adapter is otherwise unchanged: the same
 * properties, the same answers and errors.
 */
export function measuredCalls<T extends object>(party: Party, name: string, adapter: T): T {
  const { calls, duration, label } = instruments[party];
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(adapter, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || typeof property !== "string" || LOCAL.has(property)) return value;
      if (!wrapped.has(property))
        wrapped.set(property, (...args: unknown[]) => {
          const start = performance.now();
          const record = (outcome: string) => {
            const attributes = { [label]: name, operation: property, outcome };
            calls.add(1, attributes);
            duration.record(secondsSince(start), attributes);
          };
          return inSpan(
            `${party} ${property}`,
            { [`roamly.${party}`]: name, "roamly.operation": property },
            async (span) => {
              try {
                // The method as it is now (a test may replace one on the adapter).
                const method = Reflect.get(target, property) as (...a: unknown[]) => Promise<unknown>;
                const answer = await method.apply(target, args);
                record("ok");
                return answer;
              } catch (error) {
                const pending = (error as { code?: string })?.code === "PENDING_ALLOCATION";
                record(pending ? "pending" : "error");
                span?.setAttribute("roamly.outcome", pending ? "pending" : "error");
                throw error;
              }
            },
            { kind: SpanKind.CLIENT },
          );
        });
      return wrapped.get(property);
    },
  });
}
