import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * In the browser build only, core/i18n/index.ts (every catalogue, every locale) resolves to
 * app/lib/i18n-runtime.ts, which translates with the messages the root loader sent (ADR 0005).
 */
function browserMessages(): Plugin {
  const catalogue = path.resolve("core/i18n/index.ts");
  const runtime = path.resolve("app/lib/i18n-runtime.ts");
  return {
    name: "browser-messages",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment?.name !== "client" || !source.endsWith("i18n/index.ts")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === catalogue ? runtime : null;
    },
  };
}

export default defineConfig({
  plugins: [browserMessages(), tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
