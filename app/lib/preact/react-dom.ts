/** The browser build's `react-dom` (ADR 0287). */
// @ts-expect-error preact/compat's types are declared with `export =`; the ES module re-exports fine.
export * from "preact/compat";
export { default } from "preact/compat";
