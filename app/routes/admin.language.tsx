import { redirect } from "react-router";
import { isConsoleLanguage } from "../../core/i18n/console/index.ts";
import {
  CONSOLE_LANGUAGE_COOKIE,
  callConsole,
  currentOperator,
  field,
} from "../features/admin/console.server.ts";
import type { Route } from "./+types/admin.language";

/** Only a console path may be the way back (no open redirect). */
function backTo(value: string): string {
  return /^\/admin(?:\/[A-Za-z0-9/_-]*)?(?:\?[^\s]*)?$/.test(value) && !value.startsWith("//")
    ? value
    : "/admin";
}

// The operator's console language (en_US or zh_CN): stored on the operator, or in a cookie before sign-in.
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const language = field(form, "language");
  const back = backTo(field(form, "back"));
  if (!isConsoleLanguage(language)) throw redirect(back);
  const headers = new Headers();
  headers.append(
    "set-cookie",
    `${CONSOLE_LANGUAGE_COOKIE}=${language}; Path=/admin; Max-Age=31536000; SameSite=Strict; HttpOnly`,
  );
  if (await currentOperator(args)) {
    await callConsole(args, { method: "PUT", path: "/o2adm/v1/me/language", body: { language } });
  }
  throw redirect(back, { headers });
}

export function loader() {
  throw redirect("/admin");
}
