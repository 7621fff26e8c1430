import { useId } from "react";
import { Form, useLocation } from "react-router";
import { useConsoleT } from "./i18n.tsx";
import { secondaryButtonClass } from "./ui.tsx";

/** The console's language (English or Simplified Chinese), kept on the operator once signed in. */
export function LanguageSwitch() {
  const t = useConsoleT();
  const location = useLocation();
  const id = useId();
  return (
    <Form method="post" action="/admin/language" className="flex items-center gap-2 text-sm">
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <label htmlFor={id}>{t("console.language")}</label>
      <select
        id={id}
        name="language"
        defaultValue={t.language}
        className="rounded border border-slate-500 px-1 py-1 text-slate-900"
      >
        <option value="en_US" lang="en">
          English
        </option>
        <option value="zh_CN" lang="zh-CN">
          简体中文
        </option>
      </select>
      <button type="submit" className={secondaryButtonClass}>
        {t("console.language.save")}
      </button>
    </Form>
  );
}
