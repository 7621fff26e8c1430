export function adminUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = "/postgres";
  return url.toString();
}

/** The shared, reused template of one key (test/global-setup.ts). */
export function templateDatabaseName(key: string): string {
  return `esim_tmpl_k${key}`;
}

/** This run's copies of the template, so its teardown drops only its own. */
export function copyPrefix(): string {
  return `esim_test_${process.pid}`;
}
