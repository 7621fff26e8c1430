import { type ComponentType, lazy, Suspense, useEffect } from "react";
import type { PageComponent } from "../../../db/schema/content-document.ts";
import { type BlockProps, boxStyle } from "./block-props.ts";
import { Column, FixedSize, Grid, Rows, Square, Sticky } from "./blocks/layout.tsx";
import {
  Banner,
  CustomTitle,
  ImageBlock,
  ImageTextNav,
  MultipleImageCard,
  SingleImageCard,
} from "./blocks/media.tsx";
import { Recommend } from "./blocks/Recommend.tsx";
import { RollText, TitleCarousel } from "./blocks/RollText.tsx";
import { Sliding } from "./blocks/Sliding.tsx";
import {
  ButtonBlock,
  OperatorHtml,
  ProductListPlaceholder,
  SearchBarPlaceholder,
  TextBlock,
} from "./blocks/text.tsx";
import { usePageContext } from "./page-context.tsx";

// The heavy blocks load on demand (home first-load JS budget): Embla for carousels, the tab lists with the HTTP client.
const carousel = () => import("./blocks/Carousel.tsx");
const tabs = () => import("./blocks/Tabs.tsx");
const LazyCarousel = lazy(() => carousel().then((m) => ({ default: m.Carousel })));
const LazyCarouselContainer = lazy(() => carousel().then((m) => ({ default: m.CarouselContainer })));
const LazyTabs = lazy(() => tabs().then((m) => ({ default: m.Tabs })));
const LazyVerticalTabs = lazy(() => tabs().then((m) => ({ default: m.VerticalTabs })));
const LazyProductList = lazy(() => tabs().then((m) => ({ default: m.StandaloneProductList })));
// Blocks that usually sit below the fold load on demand too; their server-rendered HTML shows meanwhile.
const feeds = () => import("./blocks/feeds.tsx");
const hotspots = () => import("./blocks/Hotspot.tsx");
const LazyNoteList = lazy(() => feeds().then((m) => ({ default: m.NoteList })));
const LazyLiveList = lazy(() => feeds().then((m) => ({ default: m.LiveList })));
const LazyReceiveCoupon = lazy(() => feeds().then((m) => ({ default: m.ReceiveCoupon })));
const LazyHotspot = lazy(() => hotspots().then((m) => ({ default: m.Hotspot })));
const LazyHotArea = lazy(() => hotspots().then((m) => ({ default: m.HotArea })));
const LazyVideo = lazy(() => import("./blocks/Video.tsx").then((m) => ({ default: m.VideoBlock })));

/** Every component code of ADR 0011 and what renders it. */
export const RENDERERS: Record<string, ComponentType<BlockProps>> = {
  Carousel: LazyCarousel,
  Banner,
  Recommend,
  Sliding,
  Hotspot: LazyHotspot,
  Multimedia: LazyVideo,
  ImageTextNav,
  CustomHtml: OperatorHtml,
  Image: ImageBlock,
  Button: ButtonBlock,
  Column,
  Rows,
  Grid,
  Sticky,
  RichText: OperatorHtml,
  RollText,
  CarouselContainer: LazyCarouselContainer,
  Tabs: LazyTabs,
  VerticalTabs: LazyVerticalTabs,
  FixedSize,
  Square,
  Text: TextBlock,
  Video: LazyVideo,
  HotArea: LazyHotArea,
  PlpSearchBarPlaceholder: SearchBarPlaceholder,
  ProductListPlaceholder,
  ProductList: LazyProductList,
  NoteList: LazyNoteList,
  LiveList: LazyLiveList,
  SingleImageCard,
  MultipleImageCard,
  ReceiveCoupon: LazyReceiveCoupon,
  TitleCarousel,
  CustomTitle,
};

const LAZY = new Set([
  "Carousel",
  "CarouselContainer",
  "Tabs",
  "VerticalTabs",
  "ProductList",
  "NoteList",
  "LiveList",
  "ReceiveCoupon",
  "Hotspot",
  "HotArea",
  "Multimedia",
  "Video",
]);

function UnknownComponent({ code }: { code: string }) {
  // spec 8: an unknown component code is reported on the console only, and renders nothing.
  useEffect(() => console.warn(`content block: unknown componentCode "${code}" skipped`), [code]);
  return null;
}

export function ComponentView({ component }: { component: PageComponent }) {
  const { eagerIds, priorityId } = usePageContext();
  const Renderer = Object.hasOwn(RENDERERS, component.componentCode)
    ? RENDERERS[component.componentCode]
    : undefined;
  if (!Renderer) return <UnknownComponent code={component.componentCode} />;
  // The data was parsed by its code's schema where the document was loaded (parseDocumentData, ADRs 0276, 0288).
  const block = (
    <Renderer
      component={component}
      eager={eagerIds.has(component.componentId)}
      priority={priorityId === component.componentId}
      renderComponent={(child) => <ComponentView key={child.componentId} component={child} />}
    />
  );
  return (
    <div
      data-component={component.componentCode}
      data-component-id={component.componentId}
      style={boxStyle(component.style)}
      className={component.componentCode === "Sticky" ? "contents" : undefined}
    >
      {LAZY.has(component.componentCode) ? (
        <Suspense fallback={<div className="min-h-48" />}>{block}</Suspense>
      ) : (
        block
      )}
    </div>
  );
}
