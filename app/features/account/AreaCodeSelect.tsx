import { useEffect, useState } from "react";
import { useApi } from "../../lib/api.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { inputClass } from "./form.ts";

interface AreaCode {
  areaCode: string;
  countryCode: string;
  countryName: string;
}

/** The default before the list arrives: the store's home market (spec 9 default currency HKD). */
export const DEFAULT_AREA_CODE = "852";

const cache = new Map<string, Promise<AreaCode[]>>();

/**
 * spec 2 area-code picker: the calling codes from the lists of values (/pub-res/lov/{lang}.json, spec 7: no
 * token). A native select: keyboard and screen-reader support come with it. Values are digits without "+".
 */
export function AreaCodeSelect({
  id,
  defaultValue = DEFAULT_AREA_CODE,
  value,
  onChange,
  error,
}: {
  id: string;
  /** The calling code chosen to start with; the select keeps the shopper's choice itself (account forms, ADR 0419). */
  defaultValue?: string;
  /** A form that keeps the choice itself (checkout's contact) passes it with `onChange`. */
  value?: string;
  onChange?: (value: string) => void;
  error?: string;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  // The list of calling codes to choose from (loaded data, not a field's value).
  const [codes, setCodes] = useState<AreaCode[]>([]);
  useEffect(() => {
    let alive = true;
    let list = cache.get(locale);
    if (!list) {
      list = api
        .get<{ areaCodeList?: AreaCode[] }>(`/pub-res/lov/${locale}.json`, undefined, { auth: false })
        .then((lov) => lov.areaCodeList ?? []);
      list.catch(() => cache.delete(locale));
      cache.set(locale, list);
    }
    list.then((items) => alive && setCodes(items)).catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [api, locale]);
  const errorId = error ? `${id}-error` : undefined;
  const options =
    codes.length > 0 ? codes : [{ areaCode: `+${value ?? defaultValue}`, countryCode: "", countryName: "" }];
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t("accountUi.field.areaCode")}
      </label>
      {/* Until the list arrives the default is the only option, so nothing was chosen yet: the select starts again
          with the default selected once the list replaces it. */}
      <select
        key={codes.length > 0 ? "list" : "default"}
        id={id}
        name="internationalTelCode"
        {...(value === undefined ? { defaultValue } : { value })}
        onChange={onChange && ((event) => onChange(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={inputClass}
      >
        {options.map((code) => (
          <option key={`${code.countryCode}${code.areaCode}`} value={code.areaCode.replace("+", "")}>
            {code.countryName ? `${code.countryName} ${code.areaCode}` : code.areaCode}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
