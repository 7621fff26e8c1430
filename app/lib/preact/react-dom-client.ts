/** The browser build's `react-dom/client` (ADR 0287): hydrateRoot and createRoot over Preact. */
export { createRoot, hydrateRoot } from "preact/compat/client";
