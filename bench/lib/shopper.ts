/** The bench shopper's name (bench/lib/prepare-db.ts), as the signed-in header shows it ("Account menu for …"). */
export const BENCH_SHOPPER_NAME = "Bench Shopper";
