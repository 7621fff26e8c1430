import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { TAPPABLE_CODES } from "../../../core/content/actions.ts";
import { COMPONENT_CODES, type ComponentCode } from "../../../core/content/document.ts";
import type { ComponentAction, ContentDocument, PageComponent } from "../../../db/schema/content-document.ts";
import type { BlockInsertPayload } from "../../../server/modules/content/console-contract.ts";
import { useConsoleT } from "../admin/i18n.tsx";
import { buttonClass, inputClass } from "../admin/ui.tsx";
import { ActionPicker } from "./ActionPicker.tsx";
import { ADDABLE_CODES, fieldLabel, formFields } from "./component-forms.ts";
import { InsertImages, type InsertImagesValue, imagesPayload } from "./InsertImages.tsx";
import { NESTING_CODES } from "./tree.ts";

/*
 * Add a block where you are (issue 31 items 1 and 3, ADR 0370): before or after the selected block, inside it
 * when it is a container, or at the end; in every width range or only the one being edited; in each chosen
 * language with a text field per language for the block's texts; with its link when a tap on it goes somewhere.
 * Its image is picked or uploaded here too, once for every language, or per language (ADR 0397). The new block is
 * then selected: its name and other settings are set in its settings form.
 */

/** Keys of a block's data that are words a shopper reads: one field per language. */
const TRANSLATED = new Set(["title", "subTitle", "alt", "text", "description", "placeholder"]);

export function translatedFields(code: string): string[] {
  return formFields(code)
    .filter((field) => field.kind === "text" && TRANSLATED.has(field.key))
    .map((field) => field.key);
}

export function InsertBlock({
  document,
  variantId,
  rangeCount,
  selected,
  languages,
  revision,
  siteCode,
}: {
  document: ContentDocument;
  variantId: string;
  rangeCount: number;
  selected: PageComponent | undefined;
  languages: string[];
  revision: number;
  siteCode: string;
}) {
  const t = useConsoleT();
  const navigation = useNavigation();
  const [code, setCode] = useState<ComponentCode>("Banner");
  const [where, setWhere] = useState<"before" | "after" | "inside" | "end">(selected ? "after" : "end");
  const [everyWidth, setEveryWidth] = useState(true);
  const [chosen, setChosen] = useState<string[]>(languages);
  const [texts, setTexts] = useState<Record<string, Record<string, string>>>({});
  const [action, setAction] = useState<ComponentAction | undefined>(undefined);
  const [images, setImages] = useState<InsertImagesValue>({ shared: {}, own: {} });
  const fields = translatedFields(code);
  const tappable = TAPPABLE_CODES.has(code);
  const canNest = selected && NESTING_CODES.has(selected.componentCode);
  const place = selected && where !== "end" ? where : "end";
  const ordered = [document.lang, ...languages.filter((lang) => lang !== document.lang)];
  const setText = (lang: string, key: string, value: string) =>
    setTexts((current) => ({ ...current, [lang]: { ...current[lang], [key]: value } }));
  const selectedName = selected ? selected.componentName || selected.componentCode : "";
  const imagePayload = imagesPayload(code, images, chosen);

  const payload: BlockInsertPayload = {
    variantId,
    place: place === "end" ? { where: "end" } : { where: place, anchorId: selected!.componentId },
    everyWidth,
    languages: chosen,
    component: {
      componentCode: code,
      componentName: code,
      data: imagePayload.data,
      ...(tappable && action ? { action } : {}),
    },
    texts: Object.fromEntries(
      chosen.map((lang) => [
        lang,
        {
          ...Object.fromEntries(
            Object.entries(texts[lang] ?? {}).filter(
              ([key, value]) => fields.includes(key) && value.trim() !== "",
            ),
          ),
          ...imagePayload.byLanguage[lang],
        },
      ]),
    ),
  };

  return (
    <section aria-labelledby="insert-heading" className="mt-3 rounded border border-slate-300 p-3">
      <h2 id="insert-heading" className="mb-2 text-base font-semibold">
        {t("console.insert.heading")}
      </h2>
      <Form method="post">
        <input type="hidden" name="intent" value="insert" />
        <input type="hidden" name="revision" value={revision} />
        <input type="hidden" name="document" value={JSON.stringify(document)} />
        <input type="hidden" name="insert" value={JSON.stringify(payload)} />
        <label className="mb-2 block text-sm">
          <span className="font-medium">{t("console.insert.type")}</span>
          <select
            className={inputClass}
            value={code}
            onChange={(event) => {
              const chosenCode = COMPONENT_CODES.find((option) => option === event.target.value);
              if (chosenCode) setCode(chosenCode);
            }}
          >
            {ADDABLE_CODES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        <label className="mb-2 block text-sm">
          <span className="font-medium">{t("console.insert.where")}</span>
          <select
            className={inputClass}
            value={place}
            onChange={(event) => setWhere(event.target.value as typeof where)}
          >
            {selected && <option value="before">{t("console.insert.before", { name: selectedName })}</option>}
            {selected && <option value="after">{t("console.insert.after", { name: selectedName })}</option>}
            {canNest && <option value="inside">{t("console.insert.inside", { name: selectedName })}</option>}
            <option value="end">{t("console.insert.end")}</option>
          </select>
        </label>
        <label className="mb-2 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={everyWidth}
            onChange={(event) => setEveryWidth(event.target.checked)}
          />
          <span>{t("console.insert.everyWidth", { count: rangeCount })}</span>
        </label>
        <fieldset className="mb-2 text-sm">
          <legend className="font-medium">{t("console.insert.languages")}</legend>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={chosen.length === languages.length}
              onChange={(event) => setChosen(event.target.checked ? languages : [document.lang])}
            />
            <span>{t("console.insert.everyLanguage")}</span>
          </label>
          {ordered.map((lang) => (
            <label key={lang} className="ml-4 flex items-center gap-2">
              <input
                type="checkbox"
                checked={chosen.includes(lang)}
                disabled={lang === document.lang}
                onChange={(event) =>
                  setChosen((current) =>
                    event.target.checked ? [...current, lang] : current.filter((other) => other !== lang),
                  )
                }
              />
              <span>{lang}</span>
            </label>
          ))}
        </fieldset>
        {ordered
          .filter((lang) => chosen.includes(lang))
          .flatMap((lang) =>
            fields.map((key) => (
              <label key={`${lang}-${key}`} className="mb-2 block text-sm">
                <span className="font-medium">
                  {t("console.insert.textIn", { field: t(fieldLabel(key)), lang })}
                </span>
                <input
                  className={inputClass}
                  lang={lang.replace("_", "-")}
                  value={texts[lang]?.[key] ?? ""}
                  onChange={(event) => setText(lang, key, event.target.value)}
                />
              </label>
            )),
          )}
        <InsertImages
          code={code}
          languages={ordered.filter((lang) => chosen.includes(lang))}
          value={images}
          onChange={setImages}
        />
        {tappable && (
          <ActionPicker value={action} onChange={setAction} siteCode={siteCode} lang={document.lang} />
        )}
        <button type="submit" className={buttonClass} disabled={navigation.state !== "idle"}>
          {t("console.insert.submit")}
        </button>
      </Form>
    </section>
  );
}
