import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ITEM_ACTION_CODES, TAPPABLE_CODES } from "../../../core/content/actions.ts";
import type { HotAreaValue } from "../../../core/hot-areas.ts";
import type { ComponentAction, ContentDocument, PageComponent } from "../../../db/schema/content-document.ts";
import type * as api from "../../../server/modules/content/console-contract.ts";
import { useConsoleT } from "../admin/i18n.tsx";
import { buttonClass, inputClass, secondaryButtonClass } from "../admin/ui.tsx";
import { pickVariant } from "../content-blocks/variant.ts";
import { MediaPicker } from "../media/MediaPicker.tsx";
import { ActionPicker } from "./ActionPicker.tsx";
import { CanvasFrame } from "./CanvasFrame.tsx";
import { canvasPath, type EditorMessage, readCanvasMessage } from "./canvas-messages.ts";
import { fieldLabel, formFields, optionLabel } from "./component-forms.ts";
import { HotAreaTool } from "./HotAreaTool.tsx";
import { InsertBlock } from "./InsertBlock.tsx";
import { at, type Move, move, moveTo, type Path, removeAt, replaceAt } from "./tree.ts";

export const CANVAS_WIDTHS = { phone: 390, tablet: 768, desktop: 1440 } as const;
type CanvasSize = keyof typeof CANVAS_WIDTHS;

const KEY_MOVES: Record<string, Move> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowRight: "indent",
  ArrowLeft: "outdent",
};

/** The path of a component id in a list, or null. */
function pathOf(list: PageComponent[], componentId: string, prefix: Path = []): Path | null {
  for (const [index, component] of list.entries()) {
    if (component.componentId === componentId) return [...prefix, index];
    const inner = pathOf(component.childrenData ?? [], componentId, [...prefix, index]);
    if (inner) return inner;
  }
  return null;
}

const same = (a: Path, b: Path | null) =>
  b !== null && a.length === b.length && a.every((v, i) => v === b[i]);

function TreeItems({
  list,
  prefix,
  selected,
  onSelect,
  onMove,
  onDrop,
  dragging,
  setDragging,
}: {
  list: PageComponent[];
  prefix: Path;
  selected: Path | null;
  onSelect: (path: Path) => void;
  onMove: (path: Path, direction: Move) => void;
  onDrop: (to: Path, into: boolean) => void;
  dragging: Path | null;
  setDragging: (path: Path | null) => void;
}) {
  return (
    <ul className={prefix.length > 0 ? "ml-4 border-l border-slate-300 pl-2" : ""}>
      {list.map((component, index) => {
        const path = [...prefix, index];
        const isSelected = same(path, selected);
        return (
          <li key={component.componentId}>
            <button
              type="button"
              draggable
              aria-pressed={isSelected}
              data-testid="tree-item"
              className={`my-0.5 block w-full rounded px-2 py-1 text-left text-sm ${
                isSelected ? "bg-blue-700 text-white" : "bg-white text-slate-900 hover:bg-slate-100"
              }`}
              onClick={() => onSelect(path)}
              onKeyDown={(event) => {
                const direction = KEY_MOVES[event.key];
                if (event.altKey && direction) {
                  event.preventDefault();
                  onMove(path, direction);
                }
              }}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", component.componentId);
                setDragging(path);
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(event) => {
                if (!dragging) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
              }}
              onDrop={(event) => {
                event.preventDefault();
                // Before the item, or into it (a container) when dropped on its right half or with Shift.
                const box = event.currentTarget.getBoundingClientRect();
                onDrop(path, event.shiftKey || event.clientX > box.left + box.width / 2);
              }}
            >
              {component.componentName || component.componentCode}{" "}
              <span className="text-xs opacity-75">({component.componentCode})</span>
            </button>
            {component.childrenData && component.childrenData.length > 0 && (
              <TreeItems
                list={component.childrenData}
                prefix={path}
                selected={selected}
                onSelect={onSelect}
                onMove={onMove}
                onDrop={onDrop}
                dragging={dragging}
                setDragging={setDragging}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function ComponentForm({
  component,
  onChange,
  advanced,
  siteCode,
  lang,
}: {
  component: PageComponent;
  onChange: (component: PageComponent) => void;
  /** Raw settings as JSON: engineers only (issue 31 item 4). */
  advanced: boolean;
  siteCode: string;
  lang: string;
}) {
  const t = useConsoleT();
  const fields = formFields(component.componentCode);
  const named = new Set(fields.map((f) => f.key));
  const rest = Object.fromEntries(
    Object.entries(component.data).filter(([key]) => !named.has(key) && key !== "areas"),
  );
  const [json, setJson] = useState(JSON.stringify(rest, null, 2));
  const [jsonError, setJsonError] = useState(false);
  const setData = (key: string, value: unknown) =>
    onChange({ ...component, data: { ...component.data, [key]: value } });
  return (
    <div>
      <label className="mb-2 block text-sm">
        <span className="font-medium">{t("console.editor.name")}</span>
        <input
          className={inputClass}
          value={component.componentName}
          onChange={(event) => onChange({ ...component, componentName: event.target.value })}
        />
      </label>
      <label className="mb-2 block text-sm">
        <span className="font-medium">{t("console.editor.position")}</span>
        <input
          className={inputClass}
          value={component.positionCode}
          onChange={(event) => onChange({ ...component, positionCode: event.target.value })}
        />
      </label>
      {fields.map(({ key, kind, options }) => {
        const value = component.data[key];
        const id = `field-${component.componentId}-${key}`;
        if (kind === "image")
          return (
            <MediaPicker
              key={key}
              id={id}
              label={t(fieldLabel(key))}
              value={typeof value === "string" ? value : ""}
              onChange={(url) => setData(key, url)}
            />
          );
        if (kind === "boolean")
          return (
            <label key={key} className="mb-2 flex items-center gap-2 text-sm">
              <input
                id={id}
                type="checkbox"
                checked={value === true}
                onChange={(event) => setData(key, event.target.checked)}
              />
              <span className="font-medium">{t(fieldLabel(key))}</span>
            </label>
          );
        return (
          <div key={key} className="mb-2 text-sm">
            <label htmlFor={id} className="block font-medium">
              {t(fieldLabel(key))}
            </label>
            {kind === "select" ? (
              <select
                id={id}
                className={inputClass}
                value={typeof value === "string" ? value : ""}
                onChange={(event) => setData(key, event.target.value === "" ? undefined : event.target.value)}
              >
                <option value="">{t(optionLabel("unset"))}</option>
                {options?.map((option) => (
                  <option key={option} value={option}>
                    {t(optionLabel(option))}
                  </option>
                ))}
              </select>
            ) : kind === "html" ? (
              <textarea
                id={id}
                className={`${inputClass} font-mono`}
                rows={4}
                value={typeof value === "string" ? value : ""}
                onChange={(event) => setData(key, event.target.value)}
              />
            ) : (
              <input
                id={id}
                className={inputClass}
                type={kind === "number" ? "number" : "text"}
                value={
                  kind === "list"
                    ? Array.isArray(value)
                      ? value.join(", ")
                      : ""
                    : typeof value === "string" || typeof value === "number"
                      ? value
                      : ""
                }
                onChange={(event) => {
                  const raw = event.target.value;
                  if (kind === "number") setData(key, raw === "" ? undefined : Number(raw));
                  else if (kind === "list")
                    setData(
                      key,
                      raw
                        .split(",")
                        .map((part) => part.trim())
                        .filter(Boolean),
                    );
                  else setData(key, raw);
                }}
              />
            )}
          </div>
        );
      })}
      {component.componentCode === "HotArea" && (
        <HotAreaTool
          imageUrl={typeof component.data.imageUrl === "string" ? component.data.imageUrl : ""}
          areas={(Array.isArray(component.data.areas) ? component.data.areas : []) as HotAreaValue[]}
          onChange={(areas) => setData("areas", areas)}
          siteCode={siteCode}
          lang={lang}
        />
      )}
      {TAPPABLE_CODES.has(component.componentCode) && (
        <ActionPicker
          value={component.action}
          siteCode={siteCode}
          lang={lang}
          onChange={(action) => {
            const { action: _old, ...rest } = component;
            onChange(action ? { ...rest, action } : rest);
          }}
        />
      )}
      {ITEM_ACTION_CODES.has(component.componentCode) &&
        Array.isArray(component.data.items) &&
        (component.data.items as Record<string, unknown>[]).map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: document items carry no ids; the form follows their order
          <div key={`${component.componentId}-item-${index}`}>
            <p className="text-sm font-medium">
              {String(item.text ?? item.alt ?? "") || `${component.componentCode} ${index + 1}`}
            </p>
            <ActionPicker
              value={item.action as ComponentAction | undefined}
              siteCode={siteCode}
              lang={lang}
              onChange={(action) =>
                setData(
                  "items",
                  (component.data.items as Record<string, unknown>[]).map((other, i) => {
                    if (i !== index) return other;
                    const { action: _old, ...rest } = other;
                    return action ? { ...rest, action } : rest;
                  }),
                )
              }
            />
          </div>
        ))}
      {!advanced && <p className="mb-2 text-xs text-slate-700">{t("console.advanced.hidden")}</p>}
      {advanced && (
        <label className="mb-2 block text-sm">
          <span className="font-medium">{t("console.editor.advanced")}</span>
          <textarea
            className={`${inputClass} font-mono`}
            rows={4}
            value={json}
            aria-invalid={jsonError || undefined}
            onChange={(event) => {
              setJson(event.target.value);
              try {
                const parsed = JSON.parse(event.target.value) as Record<string, unknown>;
                setJsonError(false);
                const kept = Object.fromEntries(
                  Object.entries(component.data).filter(([key]) => named.has(key) || key === "areas"),
                );
                onChange({ ...component, data: { ...parsed, ...kept } });
              } catch {
                setJsonError(true);
              }
            }}
          />
        </label>
      )}
      {advanced && jsonError && <p className="text-sm text-red-800">{t("console.editor.badJson")}</p>}
    </div>
  );
}

/** The page's languages and width ranges in view, as the scope endpoint answers (issue 31 item 1). */
export type PageScope = api.PageScope;

export interface EditorProps {
  page: {
    id: number;
    revision: number;
    document: ContentDocument;
    preview: string;
    pageType: string;
    siteCode: string;
  };
  scope: PageScope;
  canWrite: boolean;
  canPublish: boolean;
  /** The "advanced" permission (engineers): raw settings as JSON. */
  canAdvanced: boolean;
  /** Live mode (?live=1): the canvas resolves the blocks' real data. */
  liveMode: boolean;
  /** A block to open selected (the one just inserted). */
  selectId?: string;
}

/** The visual page editor (issue 17): the block tree, the selected block's form, and the storefront's canvas. */
export function Editor({ page, scope, canWrite, canPublish, canAdvanced, liveMode, selectId }: EditorProps) {
  const t = useConsoleT();
  const navigation = useNavigation();
  const [document, setDocument] = useState(page.document);
  // A block just inserted opens selected, in the first range that holds it.
  const initial = useMemo(() => {
    if (!selectId) return { variant: 0, path: null };
    for (const [index, v] of page.document.variants.entries()) {
      const path = pathOf(v.components, selectId);
      if (path) return { variant: index, path };
    }
    return { variant: 0, path: null };
  }, [page.document, selectId]);
  const [variantIndex, setVariantIndex] = useState(initial.variant);
  const [selected, setSelected] = useState<Path | null>(initial.path);
  const [dragging, setDragging] = useState<Path | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [size, setSize] = useState<CanvasSize>("phone");
  const [acknowledged, setAcknowledged] = useState(false);
  // While a block is being inserted the page is saved as it stands: its forms wait for the new one (item 3).
  const inserting = navigation.state !== "idle" && navigation.formData?.get("intent") === "insert";
  const saved = useMemo(() => JSON.stringify(page.document), [page.document]);
  const dirty = document !== page.document && JSON.stringify(document) !== saved;
  const variant = document.variants[variantIndex]!;
  const list = variant.components;

  const setList = (components: PageComponent[]) =>
    setDocument((current) => ({
      ...current,
      variants: current.variants.map((v, i) => (i === variantIndex ? { ...v, components } : v)),
    }));

  const selectedComponent = selected ? at(list, selected) : undefined;

  // The canvas frame (ADR 0277) gets the document being edited and the selection on every change, and once more
  // when it says it is ready; a click on the canvas selects that block here.
  const frame = useRef<HTMLIFrameElement>(null);
  const message: EditorMessage = {
    type: "roamly-editor:document",
    document,
    selectedId: selectedComponent?.componentId ?? null,
  };
  const latest = useRef(message);
  latest.current = message;
  const send = useCallback(
    () => frame.current?.contentWindow?.postMessage(latest.current, window.location.origin),
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: sent whenever the document or the selection changes
  useEffect(send, [document, message.selectedId]);
  const selectById = useRef((_id: string) => {});
  selectById.current = (componentId: string) => {
    // The block may sit in another width range than the one being edited (the canvas shows its width's range).
    const order = [variantIndex, ...document.variants.keys()].filter((v, i, all) => all.indexOf(v) === i);
    for (const index of order) {
      const path = pathOf(document.variants[index]!.components, componentId);
      if (!path) continue;
      setVariantIndex(index);
      setSelected(path);
      return;
    }
  };
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const received = readCanvasMessage(event.data);
      if (received?.type === "roamly-canvas:ready") send();
      else if (received?.type === "roamly-canvas:select") selectById.current(received.componentId);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [send]);

  const onMove = (path: Path, direction: Move) => {
    const item = at(list, path)!;
    const name = item.componentName || item.componentCode;
    const result = move(list, path, direction);
    if (!result) {
      setAnnouncement(t("console.editor.cannotMove", { name }));
      return;
    }
    setList(result.list);
    setSelected(result.path);
    setAnnouncement(t("console.editor.moved", { name, position: result.path.map((i) => i + 1).join(".") }));
    // Keep focus on the moved item.
    requestAnimationFrame(() => {
      const buttons = globalThis.document.querySelectorAll<HTMLButtonElement>('[data-testid="tree-item"]');
      for (const button of buttons) if (button.getAttribute("aria-pressed") === "true") button.focus();
    });
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
      <div>
        <label className="mb-2 block text-sm">
          <span className="font-medium">{t("console.editor.pageTitle")}</span>
          <input
            className={inputClass}
            value={document.title}
            onChange={(event) => setDocument({ ...document, title: event.target.value })}
          />
        </label>
        <section aria-labelledby="scope-heading" className="mb-3 rounded border border-slate-300 p-2 text-sm">
          <h2 id="scope-heading" className="mb-1 font-semibold">
            {t("console.scope.heading")}
          </h2>
          <p className="font-medium">{t("console.scope.ranges")}</p>
          <ul className="mb-1 pl-2" data-testid="page-ranges">
            {document.variants.map((v, i) => {
              const range = t("console.editor.range", { min: v.minWidth, max: v.maxWidth ?? "∞" });
              return (
                <li key={v.variantId} aria-current={i === variantIndex ? "true" : undefined}>
                  {i === variantIndex ? t("console.scope.editingRange", { range }) : range}
                </li>
              );
            })}
          </ul>
          <p className="font-medium">{t("console.scope.languages")}</p>
          <ul className="pl-2" data-testid="page-languages">
            {scope.languages.map((l) => (
              <li key={l.lang} aria-current={l.current ? "page" : undefined}>
                {l.current ? (
                  t("console.scope.editingLanguage", { lang: l.lang })
                ) : (
                  <Link to={`/admin/pages/${l.id}`} className="text-blue-800 underline">
                    {t("console.scope.openLanguage", { lang: l.lang })}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
        <label className="mb-2 block text-sm">
          <span className="font-medium">{t("console.editor.widthRange")}</span>
          <select
            className={inputClass}
            value={variantIndex}
            onChange={(event) => {
              setVariantIndex(Number(event.target.value));
              setSelected(null);
            }}
          >
            {document.variants.map((v, i) => (
              <option key={v.variantId} value={i}>
                {t("console.editor.range", { min: v.minWidth, max: v.maxWidth ?? "∞" })}
              </option>
            ))}
          </select>
        </label>
        <div className="mb-2 flex flex-wrap items-end gap-2 text-sm">
          {(["minWidth", "maxWidth"] as const).map((bound) => (
            <label key={bound} className="w-24">
              <span className="font-medium">{t(`console.editor.${bound}`)}</span>
              <input
                className={inputClass}
                type="number"
                min={0}
                value={variant[bound] ?? ""}
                onChange={(event) => {
                  const raw = event.target.value;
                  const value = raw === "" ? null : Math.max(0, Math.floor(Number(raw)));
                  setDocument({
                    ...document,
                    variants: document.variants.map((v, i) =>
                      i === variantIndex ? { ...v, [bound]: bound === "minWidth" ? (value ?? 0) : value } : v,
                    ),
                  });
                }}
              />
            </label>
          ))}
          {canWrite && (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                // A new range after the last one, starting empty; the operator sets its bounds.
                const last = document.variants[document.variants.length - 1]!;
                const ids = new Set(document.variants.map((v) => v.variantId));
                let n = document.variants.length + 1;
                while (ids.has(`range-${n}`)) n += 1;
                setDocument({
                  ...document,
                  variants: [
                    ...document.variants,
                    {
                      variantId: `range-${n}`,
                      minWidth: last.minWidth,
                      maxWidth: null,
                      layout: "normal",
                      components: [],
                    },
                  ],
                });
                setVariantIndex(document.variants.length);
                setSelected(null);
              }}
            >
              {t("console.editor.addRange")}
            </button>
          )}
          {canWrite && document.variants.length > 1 && (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                setDocument({
                  ...document,
                  variants: document.variants.filter((_, i) => i !== variantIndex),
                });
                setVariantIndex(0);
                setSelected(null);
              }}
            >
              {t("console.editor.removeRange")}
            </button>
          )}
        </div>
        <label className="mb-3 block text-sm">
          <span className="font-medium">{t("console.editor.layout")}</span>
          <select
            className={inputClass}
            value={variant.layout}
            onChange={(event) =>
              setDocument({
                ...document,
                variants: document.variants.map((v, i) =>
                  i === variantIndex ? { ...v, layout: event.target.value as typeof v.layout } : v,
                ),
              })
            }
          >
            <option value="normal">normal</option>
            <option value="leftWide">leftWide</option>
            <option value="rightWide">rightWide</option>
          </select>
        </label>

        <h2 className="mb-1 text-base font-semibold">{t("console.editor.structure")}</h2>
        <p id="tree-help" className="mb-2 text-xs text-slate-700">
          {t("console.editor.structureHelp")}
        </p>
        <nav aria-label={t("console.editor.structure")} aria-describedby="tree-help">
          {list.length === 0 ? (
            <p className="text-sm">{t("console.editor.empty")}</p>
          ) : (
            <TreeItems
              list={list}
              prefix={[]}
              selected={selected}
              onSelect={setSelected}
              onMove={onMove}
              dragging={dragging}
              setDragging={setDragging}
              onDrop={(to, into) => {
                if (!dragging) return;
                const result = moveTo(list, dragging, to, into);
                setDragging(null);
                if (result) {
                  setList(result.list);
                  setSelected(result.path);
                }
              }}
            />
          )}
        </nav>
        <p role="status" aria-live="polite" className="sr-only" data-testid="tree-announcement">
          {announcement}
        </p>
        {selectedComponent && (
          <p className="mt-2 text-sm" data-testid="block-lives">
            {(() => {
              const presence = scope.presence.find((p) => p.componentId === selectedComponent.componentId);
              const name = selectedComponent.componentName || selectedComponent.componentCode;
              if (!presence || (presence.ranges.length <= 1 && presence.languages.length <= 1))
                return t("console.scope.livesNowhereElse", { name });
              return t("console.scope.lives", {
                name,
                ranges: presence.ranges.join(", "),
                languages: presence.languages.join(", "),
              });
            })()}
          </p>
        )}
        {selected && selectedComponent && (
          <div className="mt-2 flex flex-wrap gap-1">
            {(["up", "down", "indent", "outdent"] as const).map((direction) => (
              <button
                key={direction}
                type="button"
                className={secondaryButtonClass}
                onClick={() => onMove(selected, direction)}
              >
                {t(
                  direction === "up"
                    ? "console.editor.moveUp"
                    : direction === "down"
                      ? "console.editor.moveDown"
                      : direction === "indent"
                        ? "console.editor.nest"
                        : "console.editor.unnest",
                )}
              </button>
            ))}
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                setList(removeAt(list, selected));
                setSelected(null);
              }}
            >
              {t("console.editor.remove")}
            </button>
          </div>
        )}

        <section aria-labelledby="settings-heading" className="mt-4">
          <h2 id="settings-heading" className="mb-2 text-base font-semibold">
            {selectedComponent
              ? t("console.editor.settings", {
                  name: selectedComponent.componentName || selectedComponent.componentCode,
                })
              : t("console.editor.noSelection")}
          </h2>
          {selected && selectedComponent && !inserting && (
            <ComponentForm
              key={selectedComponent.componentId}
              component={selectedComponent}
              onChange={(component) => setList(replaceAt(list, selected, component))}
              advanced={canAdvanced}
              siteCode={page.siteCode}
              lang={document.lang}
            />
          )}
        </section>

        {canWrite && (
          <InsertBlock
            key={`${variant.variantId}/${selectedComponent?.componentId ?? ""}`}
            document={document}
            variantId={variant.variantId}
            rangeCount={document.variants.length}
            selected={selectedComponent}
            languages={scope.languages.map((l) => l.lang)}
            revision={page.revision}
            siteCode={page.siteCode}
          />
        )}

        {scope.differences.length > 0 && (
          <section aria-labelledby="differences-heading" className="mt-4 rounded border border-amber-700 p-2">
            <h2 id="differences-heading" className="text-sm font-semibold text-amber-900">
              {t("console.scope.differences")}
            </h2>
            <ul className="list-disc pl-5 text-sm" data-testid="publish-differences">
              {scope.differences.map((difference) => (
                <li key={difference.componentId}>
                  {t("console.scope.difference", {
                    name: difference.componentName,
                    where: [...difference.missingRanges, ...difference.missingLanguages].join(", "),
                  })}
                </li>
              ))}
            </ul>
          </section>
        )}

        <div className="mt-4 flex flex-wrap gap-2">
          {canWrite && (
            <Form method="post">
              <input type="hidden" name="intent" value="save" />
              <input type="hidden" name="revision" value={page.revision} />
              <input type="hidden" name="document" value={JSON.stringify(document)} />
              <button type="submit" className={buttonClass} disabled={navigation.state !== "idle"}>
                {t("console.editor.save")}
              </button>
            </Form>
          )}
          {canPublish && page.pageType !== "TEMPLATE" && (
            <Form method="post">
              <input type="hidden" name="intent" value="publish" />
              <input type="hidden" name="revision" value={page.revision} />
              {scope.languages.some((l) => !l.current && l.hasDraft) && (
                <fieldset className="mb-2 text-sm">
                  <legend className="font-medium">{t("console.scope.publishAlso")}</legend>
                  {scope.languages
                    .filter((l) => !l.current && l.hasDraft)
                    .map((l) => (
                      <label key={l.lang} className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          name="language"
                          value={`${l.lang}:${l.revision}`}
                          defaultChecked
                        />
                        <span>{l.lang}</span>
                      </label>
                    ))}
                </fieldset>
              )}
              {scope.differences.length > 0 && (
                <label className="mb-2 flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="acknowledged"
                    value="1"
                    checked={acknowledged}
                    onChange={(event) => setAcknowledged(event.target.checked)}
                  />
                  <span>{t("console.scope.acknowledge")}</span>
                </label>
              )}
              <button
                type="submit"
                className={secondaryButtonClass}
                disabled={
                  dirty || navigation.state !== "idle" || (scope.differences.length > 0 && !acknowledged)
                }
              >
                {t("console.editor.publish")}
              </button>
            </Form>
          )}
          <a href={page.preview} target="_blank" rel="noreferrer" className={secondaryButtonClass}>
            {t("console.editor.previewLink")}
          </a>
        </div>
        {dirty && <p className="mt-2 text-sm text-amber-900">{t("console.editor.unsaved")}</p>}
      </div>

      <section aria-labelledby="canvas-heading" className="min-w-0">
        <h2 id="canvas-heading" className="mb-2 text-base font-semibold">
          {t("console.editor.canvas")}
        </h2>
        <div className="mb-2 flex flex-wrap items-center gap-2">
          {(Object.keys(CANVAS_WIDTHS) as CanvasSize[]).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={size === key}
              className={size === key ? buttonClass : secondaryButtonClass}
              onClick={() => {
                setSize(key);
                // The list shows the range the canvas shows at that width (spec 2: the matching one, else the
                // last), with the selected block kept where that range has it too.
                const next = document.variants.indexOf(pickVariant(document, CANVAS_WIDTHS[key]));
                if (next === variantIndex) return;
                const id = selectedComponent?.componentId;
                setVariantIndex(next);
                setSelected(id ? (pathOf(document.variants[next]!.components, id) ?? null) : null);
              }}
            >
              {t(`console.editor.width.${key}`)}
            </button>
          ))}
          <Link
            to={liveMode ? "?" : "?live=1"}
            role="button"
            aria-pressed={liveMode}
            className={liveMode ? buttonClass : secondaryButtonClass}
          >
            {t("console.editor.liveMode")}
          </Link>
        </div>
        {!liveMode && <p className="mb-2 text-xs text-slate-700">{t("console.editor.placeholderNote")}</p>}
        <p className="mb-2 text-xs text-slate-700">{t("console.editor.canvasHelp")}</p>
        <CanvasFrame
          frame={frame}
          src={canvasPath(page.id, liveMode, page.document.lang)}
          width={CANVAS_WIDTHS[size]}
          label={t("console.editor.canvasFrame", { width: CANVAS_WIDTHS[size] })}
        />
      </section>
    </div>
  );
}
