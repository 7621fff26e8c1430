import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Which console request is running, and how many audit entries it has written (issue 16: "the audit log has an
 * entry for every change"). `adminRoute` runs each change-making handler inside a scope; `recordAudit` counts
 * into it. A change that answers 2xx having recorded nothing is a defect the route wrapper reports.
 */
const scope = new AsyncLocalStorage<{ recorded: number; unchanged: boolean }>();

export function withAuditScope<T>(work: () => Promise<T>): { done: Promise<T>; accounted: () => boolean } {
  const state = { recorded: 0, unchanged: false };
  return { done: scope.run(state, work), accounted: () => state.recorded > 0 || state.unchanged };
}

/**
 * Says that this answer changed nothing, so it has nothing to audit: an idempotent replay of a change already
 * recorded, or a dry run. (A route that never changes anything says so once, with `unaudited` on its definition.)
 */
export function nothingChanged() {
  const state = scope.getStore();
  if (state) state.unchanged = true;
}

export function noteAuditRecorded() {
  const state = scope.getStore();
  if (state) state.recorded += 1;
}
