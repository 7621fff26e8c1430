import type { ReactNode } from "react";
import type { ComponentData, SchemaComponentCode } from "../../../core/content/components.ts";
import { safeBoxStyle } from "../../../core/content/style.ts";
import type { ComponentAction, PageComponent } from "../../../db/schema/content-document.ts";

export interface BlockProps {
  component: PageComponent;
  /** Renders a nested component through the registry (containers). */
  renderComponent: (child: PageComponent) => ReactNode;
  /** Above the fold: images load eagerly. */
  eager: boolean;
  /** The page's hero (ADR 0143): its first image is the likely LCP element and is fetched with high priority. */
  priority?: boolean;
}

export const str = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);
export const num = (value: unknown, fallback: number): number =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;

export function items(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null)
    : [];
}

export function actionOf(value: unknown): ComponentAction | undefined {
  return value && typeof value === "object" && typeof (value as ComponentAction).code === "string"
    ? (value as ComponentAction)
    : undefined;
}

/** ADR 0011 style keys and values only (the allow-list the page was saved with, core/content/style.ts); numbers are px. */
export function boxStyle(style: Record<string, string | number>): React.CSSProperties {
  return safeBoxStyle(style) as React.CSSProperties;
}

/**
 * A block's data, typed by its code's schema (`core/content/components.ts`). ComponentView has already parsed it
 * (defaults filled in) before the block renders, so this only names the type.
 */
export function dataOf<C extends SchemaComponentCode>(component: PageComponent, _code: C): ComponentData<C> {
  return component.data as ComponentData<C>;
}
