import type { ContentDocument, PageComponent } from "../../../db/schema/content-document.ts";
import type { BlockDataMap } from "../../../server/modules/content/types.ts";

/** spec 9: list placeholders show 10 items, live lists 3, and appear after 1500 ms outside live mode. */
export const PLACEHOLDER_ITEMS = 10;
export const PLACEHOLDER_LIVE_ITEMS = 3;
export const PLACEHOLDER_DELAY_MS = 1500;

/** A self-hosted image for placeholder items. */
const PLACEHOLDER_IMAGE = "/favicon.svg";

function products(prefix: string) {
  return Array.from({ length: PLACEHOLDER_ITEMS }, (_, i) => ({
    platformProductCode: `${prefix}-${i + 1}`,
    title: `Plan ${i + 1}`,
    currencyCode: "HKD",
    unitPrice: 9900,
    displayPrice: null,
    imageUrl: PLACEHOLDER_IMAGE,
    labelList: [],
    labelTypes: [],
    labelRelProductMap: {},
    lowedPrice: null,
    entityName: "—",
    mediaUrl: PLACEHOLDER_IMAGE,
  }));
}

/** The placeholder data of every live-data block in a document (the editor's canvas outside live mode). */
export function placeholderBlocks(document: ContentDocument): BlockDataMap {
  const result: BlockDataMap = {};
  const visit = (component: PageComponent) => {
    const id = component.componentId;
    switch (component.componentCode) {
      case "Recommend":
      case "ProductList":
      case "ProductListPlaceholder":
        result[id] = { kind: "products", products: products(id), count: PLACEHOLDER_ITEMS };
        break;
      case "NoteList":
        result[id] = {
          kind: "notes",
          notes: Array.from({ length: PLACEHOLDER_ITEMS }, (_, i) => ({
            noteInfoCode: `${id}-${i + 1}`,
            noteTitle: `Note ${i + 1}`,
            mediaUrl: PLACEHOLDER_IMAGE,
            noteContent: "",
            topicNameList: [],
          })),
        };
        break;
      case "LiveList":
        result[id] = {
          kind: "live",
          rooms: Array.from({ length: PLACEHOLDER_LIVE_ITEMS }, (_, i) => ({
            roomCode: `${id}-${i + 1}`,
            roomName: `Live ${i + 1}`,
            feedsImgUrl: PLACEHOLDER_IMAGE,
            startTime: "2026-01-01T00:00:00.000Z",
            endTime: "2026-01-01T01:00:00.000Z",
            roomStatusCode: "NOT_START",
            onlineShopCode: "",
          })),
        };
        break;
    }
    for (const child of component.childrenData ?? []) visit(child);
  };
  for (const variant of document.variants) for (const component of variant.components) visit(component);
  return result;
}

/** The placeholders, resolved after the spec's delay (outside live mode). */
export function delayedPlaceholders(
  document: ContentDocument,
  delayMs = PLACEHOLDER_DELAY_MS,
): Promise<BlockDataMap> {
  return new Promise((resolve) => setTimeout(() => resolve(placeholderBlocks(document)), delayMs));
}
