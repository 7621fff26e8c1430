import { useEffect, useState } from "react";
import { BlockLink } from "../BlockLink.tsx";
import { actionOf, type BlockProps, items, str } from "../block-props.ts";
import { ContentImage } from "../ContentImage.tsx";
import { hasMarketingCode } from "../marketing-codes.ts";

// Picture blocks. Seed art sizes (ADR 0013): banner 1200×400, card 480×320, icon 96×96.
export const BANNER = { width: 1200, height: 400 } as const;
export const CARD = { width: 480, height: 320 } as const;
const ICON = { width: 96, height: 96 } as const;

export function Banner({ component, eager, priority }: BlockProps) {
  const { data } = component;
  const title = str(data.title);
  const subTitle = str(data.subTitle);
  return (
    <BlockLink action={component.action} className="relative block overflow-hidden rounded-2xl">
      <ContentImage
        src={str(data.imageUrl)}
        alt={str(data.alt)}
        {...BANNER}
        eager={eager}
        priority={priority}
      />
      {(title || subTitle) && (
        <span className="absolute inset-x-0 bottom-0 block bg-gradient-to-t from-black/70 to-transparent p-4 text-white">
          {title && <span className="block text-lg font-bold md:text-2xl">{title}</span>}
          {subTitle && <span className="block text-sm md:text-base">{subTitle}</span>}
        </span>
      )}
    </BlockLink>
  );
}

export function ImageBlock({ component, eager, priority }: BlockProps) {
  return (
    <BlockLink action={component.action} className="block overflow-hidden rounded-lg">
      <ContentImage
        src={str(component.data.imageUrl)}
        alt={str(component.data.alt)}
        {...CARD}
        eager={eager}
        priority={priority}
      />
    </BlockLink>
  );
}

/** spec 2: a grid when there are more than 4 items, else one flex row. */
export function ImageTextNav({ component, eager }: BlockProps) {
  const entries = items(component.data.items);
  const grid = entries.length > 4;
  return (
    <nav aria-label={component.componentName}>
      <ul
        className={grid ? "grid grid-cols-3 gap-3 md:grid-cols-6" : "flex gap-3"}
        data-layout={grid ? "grid" : "row"}
      >
        {entries.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: document items carry no ids and never reorder
          <li key={index} className={grid ? undefined : "flex-1"}>
            <BlockLink
              action={actionOf(entry.action)}
              className="nav-tile rounded-lg p-2 text-sm hover:bg-slate-50"
            >
              <ContentImage
                src={str(entry.imageUrl)}
                alt=""
                {...ICON}
                eager={eager}
                className="w-12 rounded-full"
              />
              <span>{str(entry.text)}</span>
            </BlockLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SingleImageCard({ component, eager }: BlockProps) {
  const { data } = component;
  return (
    <BlockLink
      action={component.action}
      className="block overflow-hidden rounded-xl border border-slate-200 bg-white"
    >
      <ContentImage src={str(data.imageUrl)} alt="" {...CARD} eager={eager} />
      <span className="block p-3">
        <span className="block font-semibold text-slate-900">{str(data.title)}</span>
        <span className="block text-sm text-slate-700">{str(data.description)}</span>
      </span>
    </BlockLink>
  );
}

export function MultipleImageCard({ component, eager }: BlockProps) {
  const entries = items(component.data.items);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-3">
      <h2 className="mb-2 font-semibold text-slate-900">{str(component.data.title)}</h2>
      <ul className="grid grid-cols-2 gap-3">
        {entries.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: document items carry no ids and never reorder
          <li key={index}>
            <BlockLink action={actionOf(entry.action)} className="block text-sm text-slate-800">
              <ContentImage src={str(entry.imageUrl)} alt="" {...CARD} eager={eager} className="rounded-lg" />
              <span className="mt-1 block">{str(entry.text)}</span>
            </BlockLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** spec 4: shown only when the stored parameter object's marketingCodes holds the block's targetCode. */
export function CustomTitle({ component, eager }: BlockProps) {
  const { data } = component;
  const [shown, setShown] = useState(false);
  // Local storage exists only in the browser; the server never renders the block.
  useEffect(() => setShown(hasMarketingCode(str(data.targetCode))), [data.targetCode]);
  if (!shown) return null;
  return (
    <BlockLink action={component.action} className="relative block overflow-hidden rounded-2xl">
      <ContentImage src={str(data.imageUrl)} alt="" {...BANNER} eager={eager} />
      <span className="absolute inset-0 flex flex-col justify-center bg-black/40 p-6 text-white">
        <span className="text-xl font-bold">{str(data.title)}</span>
        <span>{str(data.subTitle)}</span>
      </span>
    </BlockLink>
  );
}
