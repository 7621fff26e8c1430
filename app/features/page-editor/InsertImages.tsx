import { useConsoleT } from "../admin/i18n.tsx";
import { MediaPicker } from "../media/MediaPicker.tsx";
import { fieldLabel, formFields } from "./component-forms.ts";

/*
 * The images of a block being added (ADR 0397): each image field is picked or uploaded once, in the insert step,
 * for every language the block goes into; a language may be given its own image instead. The shared image goes in
 * the block's data, a language's own one in that language's fields (as its texts do), so the API merges it over.
 */

/** The keys of a block's data that are images (the media picker's fields). */
export function imageFields(code: string): string[] {
  return formFields(code)
    .filter((field) => field.kind === "image")
    .map((field) => field.key);
}

/** The shared images, and per language the images it has of its own (a key present means "its own image"). */
export interface InsertImagesValue {
  shared: Record<string, string>;
  own: Record<string, Record<string, string>>;
}

/** The block's data images and each chosen language's own ones, without empty choices. */
export function imagesPayload(code: string, value: InsertImagesValue, languages: string[]) {
  const keys = imageFields(code);
  const filled = (images: Record<string, string> | undefined) =>
    Object.fromEntries(Object.entries(images ?? {}).filter(([key, url]) => keys.includes(key) && url !== ""));
  return {
    data: filled(value.shared),
    byLanguage: Object.fromEntries(languages.map((lang) => [lang, filled(value.own[lang])])),
  };
}

export function InsertImages({
  code,
  languages,
  value,
  onChange,
}: {
  code: string;
  /** The languages the block goes into, the page's own first. */
  languages: string[];
  value: InsertImagesValue;
  onChange: (next: InsertImagesValue) => void;
}) {
  const t = useConsoleT();
  const setOwn = (lang: string, key: string, url: string | null) => {
    const images = { ...value.own[lang] };
    if (url === null) delete images[key];
    else images[key] = url;
    onChange({ ...value, own: { ...value.own, [lang]: images } });
  };
  return imageFields(code).map((key) => {
    const field = t(fieldLabel(key));
    return (
      <div key={key} data-testid={`insert-image-${key}`}>
        <MediaPicker
          id={`insert-image-${key}`}
          label={
            languages.length > 1
              ? t("console.insert.imageEvery", { field })
              : t("console.insert.image", { field })
          }
          value={value.shared[key] ?? ""}
          onChange={(url) => onChange({ ...value, shared: { ...value.shared, [key]: url } })}
        />
        {languages.length > 1 &&
          languages.map((lang) => {
            const own = value.own[lang]?.[key];
            return (
              <div key={lang} className="ml-4">
                <label className="mb-1 flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={own !== undefined}
                    onChange={(event) => setOwn(lang, key, event.target.checked ? "" : null)}
                  />
                  <span>{t("console.insert.ownImage", { lang })}</span>
                </label>
                {own !== undefined && (
                  <MediaPicker
                    id={`insert-image-${key}-${lang}`}
                    label={t("console.insert.imageIn", { field, lang })}
                    value={own}
                    onChange={(url) => setOwn(lang, key, url)}
                  />
                )}
              </div>
            );
          })}
      </div>
    );
  });
}
