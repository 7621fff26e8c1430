/** The bench shopper's name (bench/lib/prepare-db.ts), as the signed-in header shows it ("Account menu for …"). */
export const BENCH_SHOPPER_NAME = "Bench Shopper";

/**
 * Whether a page's HTML greets the bench shopper in its header. The name is isolated in its own element
 * (`<bdi>`, app/lib/isolate.tsx), so the text is compared with the tags taken out.
 */
export function greetsBenchShopper(html: string): boolean {
  return html.replace(/<[^>]*>/g, "").includes(`Account menu for ${BENCH_SHOPPER_NAME}`);
}
