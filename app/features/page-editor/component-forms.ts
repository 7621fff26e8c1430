import type { ConsoleMessageKey } from "../../../core/i18n/console/index.ts";
import { BLOCK_CODES, CONTAINER_CODES, type PageComponent } from "../../../db/schema/content-document.ts";

/*
 * The settings form of each component is generated from the zod schema of its `data` that the storefront's
 * renderer parses with (`core/content/components.ts`, ADR 0276), so the editor and the renderer cannot disagree.
 * Fields a schema does not name, and lists of objects, stay editable as JSON.
 */
export { type FieldKind, type FormField, formFields } from "../../../core/content/components.ts";

export function fieldLabel(key: string): ConsoleMessageKey {
  return `console.editor.field.${key}` as ConsoleMessageKey;
}

export function optionLabel(value: string): ConsoleMessageKey {
  return `console.editor.option.${value}` as ConsoleMessageKey;
}

/** Every block and container the storefront renders, as the add menu offers them. */
export const ADDABLE_CODES = [...BLOCK_CODES, ...CONTAINER_CODES] as readonly string[];

/** A new component of a code with empty data. */
export function blankComponent(code: string, componentId: string): PageComponent {
  return {
    componentId,
    componentCode: code,
    componentName: code,
    positionCode: "10",
    style: {},
    data: code === "HotArea" ? { imageUrl: "", areas: [] } : {},
    options: "{}",
  };
}
