/**
 * A service's ApiError as a route loader sees it. The server bundle and the Fastify process each load their own
 * copy of the error class, so it is recognised by its shape rather than with instanceof.
 */
export function serviceError(error: unknown): { status: number; code: string } | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, code } = error as { status?: unknown; code?: unknown };
  return typeof status === "number" && typeof code === "string" ? { status, code } : null;
}
