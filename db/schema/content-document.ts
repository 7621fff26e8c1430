// The page document is a pure rule of core/ (issue 33): its schema and types live in core/content/document.ts; the
// content tables type their JSON columns with it through this name.
export * from "../../core/content/document.ts";
