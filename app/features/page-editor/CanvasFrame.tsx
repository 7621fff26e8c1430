import { type RefObject, useEffect, useRef, useState } from "react";
import { readCanvasMessage } from "./canvas-messages.ts";

/** Until the canvas says how tall its page is: a frame as tall as most of the console's window. */
const FIRST_HEIGHT = "75vh";

/** The room the frame has beside the block list, followed as the console's window changes. */
function useColumnWidth(box: RefObject<HTMLDivElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, [box]);
  return width;
}

/** The page's height at the frame's width, as the canvas reports it (every time its page grows or shrinks). */
function usePageHeight(frame: RefObject<HTMLIFrameElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const message = readCanvasMessage(event.data);
      if (message?.type === "roamly-canvas:height") setHeight(message.height);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frame]);
  return height;
}

interface CanvasFrameProps {
  frame: RefObject<HTMLIFrameElement | null>;
  src: string;
  /** The device width the page is laid out at (390, 768, 1440). */
  width: number;
  label: string;
}

/**
 * The canvas (ADR 0394): the store's page laid out at exactly `width` px and as tall as that page, then scaled down
 * as a picture to the console's column when the column is narrower. Scaling, not reflowing: the page keeps the
 * breakpoints, range and line breaks of that width, and nothing is clipped or scrolled sideways.
 */
export function CanvasFrame({ frame, src, width, label }: CanvasFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const column = useColumnWidth(box);
  const height = usePageHeight(frame);
  const scale = column === null ? 1 : Math.min(1, column / width);
  return (
    <div ref={box} className="rounded border border-slate-300 bg-slate-50" data-testid="editor-canvas-box">
      <div
        className="mx-auto overflow-hidden"
        style={{
          width: width * scale,
          height: height === null ? FIRST_HEIGHT : Math.ceil(height * scale),
        }}
      >
        <iframe
          ref={frame}
          src={src}
          title={label}
          data-testid="editor-canvas"
          data-width={width}
          data-scale={scale}
          className="block max-w-none origin-top-left border-0"
          style={{
            width,
            height: height === null ? FIRST_HEIGHT : height,
            transform: scale === 1 ? undefined : `scale(${scale})`,
          }}
        />
      </div>
    </div>
  );
}
