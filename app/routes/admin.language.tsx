import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { z } from "zod";
import * as api from "../../server/modules/admin/console-contract.ts";
import { CONSOLE_LANGUAGE_COOKIE, callConsole, currentOperator } from "../features/admin/console.server.ts";
import type { Route } from "./+types/admin.language";

/** Only a console path may be the way back (no open redirect). */
function backTo(value: string | undefined): string {
  return value && /^\/admin(?:\/[A-Za-z0-9/_-]*)?(?:\?[^\s]*)?$/.test(value) && !value.startsWith("//")
    ? value
    : "/admin";
}

/** Where the language menu came from: a console path, else the dashboard. */
const BackForm = z.object({ back: z.string().trim().optional().transform(backTo) });

// The operator's console language (en_US or zh_CN): stored on the operator, or in a cookie before sign-in.
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const chosen = parseWithZod(form, { schema: BackForm });
  const back = chosen.status === "success" ? chosen.value.back : "/admin";
  const submission = parseWithZod(form, { schema: api.LanguageBody });
  if (submission.status !== "success") throw redirect(back);
  const { language } = submission.value;
  const headers = new Headers();
  headers.append(
    "set-cookie",
    `${CONSOLE_LANGUAGE_COOKIE}=${language}; Path=/admin; Max-Age=31536000; SameSite=Strict; HttpOnly`,
  );
  if (await currentOperator(args)) await callConsole(args, api.setLanguage, { body: submission.value });
  throw redirect(back, { headers });
}

export function loader() {
  throw redirect("/admin");
}
