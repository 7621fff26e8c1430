import { useEffect, useMemo, useState } from "react";
import type { ComponentAction } from "../../../../db/schema/content-document.ts";
import { useI18n } from "../../../lib/i18n.tsx";
import { BlockLink } from "../BlockLink.tsx";
import { actionOf, type BlockProps, items, num, str } from "../block-props.ts";
import { ContentImage } from "../ContentImage.tsx";
import { actionName } from "../links.ts";
import { BANNER } from "./media.tsx";
import { TabList } from "./TabList.tsx";

interface Area {
  top: number;
  left: number;
  width: number;
  height: number;
  action?: ComponentAction;
  /** The operator's name for the area (issue 31 item 5), in the page's language. */
  name: string;
}

function areasOf(value: unknown): Area[] {
  return items(value).map((area) => ({
    top: num(area.top, 0),
    left: num(area.left, 0),
    width: num(area.width, 0),
    height: num(area.height, 0),
    action: actionOf(area.action),
    name: str(area.name).trim(),
  }));
}

/** A readable name for an area's target: a country code becomes the country's name in the page's language. */
function useTargetName() {
  const { locale } = useI18n();
  const regions = useMemo(() => {
    try {
      return new Intl.DisplayNames([locale.replace("_", "-")], { type: "region" });
    } catch {
      return null;
    }
  }, [locale]);
  return (action: ComponentAction | undefined) => {
    const name = actionName(action) ?? "";
    return /^[A-Z]{2}$/.test(name) ? (regions?.of(name) ?? name) : name;
  };
}

/**
 * An image with clickable rectangles in percent (spec 3 hot area); each rectangle is a link named by the area's
 * own name (ADR 0392); an older area without one falls back to its block's title and its target.
 */
function AreaImage({
  imageUrl,
  alt,
  areas,
  title,
  eager,
}: {
  imageUrl: string;
  alt: string;
  areas: Area[];
  title: string;
  eager: boolean;
}) {
  const { t } = useI18n();
  const targetName = useTargetName();
  return (
    <div className="relative">
      <ContentImage src={imageUrl} alt={alt} {...BANNER} eager={eager} className="rounded-2xl" />
      {areas.map((area, index) => (
        <BlockLink
          // biome-ignore lint/suspicious/noArrayIndexKey: document items carry no ids and never reorder
          key={index}
          action={area.action}
          label={
            area.name ||
            t("content.hotspot.area", { title, target: targetName(area.action) || String(index + 1) })
          }
          className="absolute block rounded-md outline-offset-2 hover:bg-white/20 focus-visible:bg-white/20"
          style={{
            top: `${area.top}%`,
            left: `${area.left}%`,
            width: `${area.width}%`,
            height: `${area.height}%`,
          }}
        >
          {null}
        </BlockLink>
      ))}
    </div>
  );
}

/** spec 2 Hotspot: tabs of images, each with clickable rectangles. */
export function Hotspot({ component, eager }: BlockProps) {
  const tabs = items(component.data.tabs);
  const [active, setActive] = useState(0);
  // Marks the block as interactive once hydrated (its chunk loads lazily).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const tab = tabs[active];
  return (
    <section aria-label={component.componentName} data-ready={ready}>
      <TabList
        idPrefix={component.componentId}
        label={component.componentName}
        titles={tabs.map((entry) => str(entry.title))}
        active={active}
        onSelect={setActive}
      />
      {tab && (
        <div
          role="tabpanel"
          id={`${component.componentId}-panel-${active}`}
          aria-labelledby={`${component.componentId}-tab-${active}`}
          className="mt-2"
        >
          <AreaImage
            imageUrl={str(tab.imageUrl)}
            alt={str(tab.title)}
            areas={areasOf(tab.areas)}
            title={str(tab.title)}
            eager={eager}
          />
        </div>
      )}
    </section>
  );
}

export function HotArea({ component, eager }: BlockProps) {
  return (
    <AreaImage
      imageUrl={str(component.data.imageUrl)}
      alt={component.componentName}
      areas={areasOf(component.data.areas)}
      title={component.componentName}
      eager={eager}
    />
  );
}
