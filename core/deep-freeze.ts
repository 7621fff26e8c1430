/**
 * Freezes a value and everything it holds, so callers sharing it cannot change it for each other (ADR 0281): a
 * write to it throws. An object already frozen is taken to be frozen through (it was frozen here).
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
