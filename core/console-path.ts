/** The operator console's pages (and their data requests): never cached, never deferred, the console's own head. */
export function isConsolePage(pathname: string): boolean {
  return pathname === "/admin" || pathname === "/admin.data" || pathname.startsWith("/admin/");
}
