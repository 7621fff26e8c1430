import type { ActionResult } from "../admin/console.server.ts";

/** Where the console's media library page lives; the picker reads and uploads through the same route. */
export const MEDIA_LIBRARY_ROUTE = "/admin/content/media";

/** One library image as the console API lists it (ADR 0274). */
export interface MediaItem {
  hash: string;
  url: string;
  fileName: string;
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
  createdAt: string;
}

export interface MediaList {
  total: number;
  page: number;
  size: number;
  records: MediaItem[];
}

export type MediaActionResult = ActionResult<MediaItem & { created?: boolean }>;

/** A byte count as the library shows it: KB below a megabyte, else MB with one decimal. */
export function byteLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(Math.round((bytes / 1024 / 1024) * 10) / 10).toString()} MB`;
}
