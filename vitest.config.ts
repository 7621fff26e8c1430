import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "build/**", "e2e/**", ".data/**"],
    setupFiles: ["test/typegen-race.ts", "test/setup.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
    isolate: false,
    maxWorkers: 2,
  },
});
