export function adminUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = "/postgres";
  return url.toString();
}

export function templateDatabaseName(): string {
  return `esim_tmpl_${process.pid}`;
}
