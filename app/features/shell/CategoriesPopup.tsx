import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { createHoverPopover } from "../../components/ui/hover-popover.ts";
import { Icon } from "../../components/ui/Icon.tsx";
import { useDismiss } from "../../components/ui/use-dismiss.ts";
import { whileReloading } from "../../lib/chunk-reload.ts";
import { useI18n } from "../../lib/i18n.tsx";
import type { CategoriesState } from "./CategoriesPanel.tsx";

// The dialog and the continents' loader come on first opening (ADR 0288), as the preferences dialog does (ADR 0144);
// hovering or focusing the button starts the download, so the popup is usually there when it opens.
const loadPanel = () => whileReloading(import("./CategoriesPanel.tsx"));
const CategoriesPanel = lazy(() => loadPanel().then((module) => ({ default: module.CategoriesPanel })));

/** The desktop categories popup (spec 2: 1300 by 550 px) listing continents and their destinations. */
export function CategoriesEntry() {
  const { t, locale } = useI18n();
  // How the popup is open: a mouse hovering it (closes 200 ms after the pointer leaves) or a click or key press
  // (stays until dismissed). A click on a hover-opened popup pins it open.
  const [openedBy, setOpenedBy] = useState<"hover" | "click" | null>(null);
  const open = openedBy !== null;
  const [state, setState] = useState<CategoriesState>({ status: "idle" });
  const [active, setActive] = useState(0);
  const trigger = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const popupId = useId();
  const titleId = useId();
  const close = useCallback(() => setOpenedBy(null), []);
  useDismiss(open, close, { popup, trigger });
  const [hover] = useState(() =>
    createHoverPopover({
      open: () => setOpenedBy((by) => by ?? "hover"),
      close: () => setOpenedBy((by) => (by === "hover" ? null : by)),
    }),
  );
  useEffect(() => hover.cancel, [hover]);
  // Focus moves into the popup when it was asked for, not when a mouse merely passes over the trigger.
  useEffect(() => {
    if (openedBy === "click") popup.current?.focus();
  }, [openedBy]);
  // A new language needs the continents in that language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on locale change only
  useEffect(() => setState({ status: "idle" }), [locale]);
  const hoverProps = {
    onPointerEnter: () => void loadPanel(),
    // A move, not an entry, opens it: the bar also slides in under a mouse standing still (ADR 0304).
    onPointerMove: (event: React.PointerEvent) => hover.move(event),
    onPointerLeave: (event: React.PointerEvent) => hover.leave(event.pointerType),
  };

  return (
    <div className="hidden md:block">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={popupId}
        onClick={() => setOpenedBy((by) => (by === "click" ? null : "click"))}
        onFocus={() => void loadPanel()}
        {...hoverProps}
        className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        <Icon name="grid" />
        {t("shell.categories")}
        <Icon name="chevronDown" className="size-4" />
      </button>
      {open && (
        <div
          ref={popup}
          id={popupId}
          role="dialog"
          aria-labelledby={titleId}
          {...hoverProps}
          tabIndex={-1}
          className="fixed left-1/2 top-20 z-[1050] flex h-[550px] max-h-[calc(100vh-6rem)] w-[1300px] max-w-[calc(100vw-2rem)] -translate-x-1/2 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-6 py-3">
            <h2 id={titleId} className="text-base font-semibold">
              {t("shell.categoriesTitle")}
            </h2>
            <button
              type="button"
              onClick={() => {
                close();
                trigger.current?.focus();
              }}
              className="rounded-full p-2 text-slate-700 hover:bg-slate-100"
              aria-label={t("common.close")}
            >
              <Icon name="close" />
            </button>
          </div>
          <Suspense fallback={<LoadingState label={t("common.loading")} />}>
            <CategoriesPanel
              popupRef={popup}
              popupId={popupId}
              state={state}
              setState={setState}
              active={active}
              setActive={setActive}
              close={close}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}

/** What the popup shows while its body's chunk arrives: the body's own loading state. */
function LoadingState({ label }: { label: string }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 text-slate-600">
      <p role="status">{label}</p>
    </div>
  );
}
