/** spec 7: the API's path prefixes; anything under them that no route answers is a JSON 404, not a page. */
export const API_PREFIXES = [
  "/o2pcm",
  "/o2srh",
  "/o2cms",
  "/o2cum",
  "/o2user",
  "/iam",
  "/o2md",
  "/o2lsm",
  "/o2ord",
  "/o2pay",
  "/o2esim",
  "/o2sfb",
  "/o2mkt",
  // The operator console's API (issue 16).
  "/o2adm",
  "/__sandbox",
  "/pub-res",
  "/__dev",
  // The API's own description (OpenAPI, ADR 0193).
  "/o2api",
] as const;

/** A path under one of the API's prefixes. */
export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
