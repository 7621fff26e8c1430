import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { Permission } from "../../../core/console-permissions.ts";
import { readCookie } from "../../../core/cookies.ts";
import { type ConsoleLanguage, isConsoleLanguage } from "../../../core/i18n/console/index.ts";
import { isMessageKey, translate } from "../../../core/i18n/index.ts";
import * as adminApi from "../../../server/modules/admin/console-contract.ts";
import {
  type AnyConsoleContract,
  CONSOLE_API_PREFIX,
  type ContractInput,
  type ContractResponse,
  contractPath,
} from "../../../server/modules/admin/contract.ts";
import { type AppLoadContext, appContext } from "../../context.ts";

/** The signed-out console pages' language choice (signed in, the operator's own setting wins). */
export const CONSOLE_LANGUAGE_COOKIE = "o2adm_lang";

/** The signed-in operator, as `GET /me` answers (server/modules/admin/console-contract.ts). */
export type ConsoleOperator = adminApi.ConsoleOperator;

interface Args {
  request: Request;
  context: { get: (key: typeof appContext) => AppLoadContext };
}

const me = new WeakMap<Request, Promise<ConsoleOperator | null>>();

/**
 * The signed-in operator of this page request, asked once even when several loaders want it. It reads the `me`
 * contract directly (not through callConsole, whose language comes from here); a session the API refuses is nobody.
 */
export function currentOperator(args: Args): Promise<ConsoleOperator | null> {
  let found = me.get(args.request);
  if (!found) {
    const contract = adminApi.me;
    found = args.context
      .get(appContext)
      .consoleApi({ method: contract.method, path: contractPath(API_PREFIX, contract, {}) })
      .then((result) => {
        if (result.status !== 200) return null;
        const parsed = contract.response.safeParse(result.body);
        if (!parsed.success)
          throw new Error(`console answer GET ${contract.path} breaks its contract: ${parsed.error.message}`);
        return parsed.data;
      });
    me.set(args.request, found);
  }
  return found;
}

/** The console's language for this request: the operator's, else the signed-out choice, else English. */
export async function consoleLanguage(args: Args): Promise<ConsoleLanguage> {
  const operator = await currentOperator(args);
  if (operator) return operator.language;
  const chosen = readCookie(args.request.headers.get("cookie"), CONSOLE_LANGUAGE_COOKIE);
  return isConsoleLanguage(chosen) ? chosen : "en_US";
}

/** A console page's loader: the operator, or off to the sign-in page. */
export async function requireOperator(args: Args, permission?: Permission): Promise<ConsoleOperator> {
  const operator = await currentOperator(args);
  if (!operator) throw redirect("/admin/login");
  if (permission && !operator.permissions.includes(permission))
    throw data({ code: "forbidden" }, { status: 403 });
  return operator;
}

/** What a contract call answered: its parsed body, or the API's translated refusal. */
export type ConsoleAnswer<C extends AnyConsoleContract> =
  | { ok: true; status: number; value: ContractResponse<C>; setCookies: string[] }
  | {
      ok: false;
      status: number;
      code: string;
      message: string;
      fields: Record<string, string> | undefined;
      setCookies: string[];
    };

const API_PREFIX = CONSOLE_API_PREFIX;

/**
 * Calls a console endpoint in-process with the page's cookies, in the console's language (ADR 0407): the path is
 * built from the contract and the input, and a 2xx answer is parsed with the contract's response schema, so a page
 * reads a typed value and never casts. An answer that breaks the contract throws (the page's error boundary).
 */
export async function callConsole<C extends AnyConsoleContract>(
  args: Args,
  contract: C,
  contractInput: ContractInput<C>,
): Promise<ConsoleAnswer<C>> {
  // Read through the widest contract type: the generic's own fields are not narrowed inside the body.
  const given: AnyConsoleContract = contract;
  const input: { params?: unknown; query?: unknown; body?: unknown } = contractInput;
  const language = await consoleLanguage(args);
  const api = args.context.get(appContext).consoleApi;
  const path = contractPath(API_PREFIX, given, input);
  const result = await api({
    method: given.method,
    path,
    language,
    ...(input?.body === undefined ? {} : { body: input.body }),
  });
  if (result.status >= 200 && result.status < 300) {
    const parsed = given.response.safeParse(result.body);
    if (!parsed.success)
      throw new Error(
        `console answer ${given.method} ${given.path} breaks its contract: ${parsed.error.message}`,
      );
    return { ok: true, status: result.status, value: parsed.data, setCookies: result.setCookies };
  }
  return {
    ok: false,
    status: result.status,
    code: String(result.body?.code ?? "error"),
    message: String(result.body?.message ?? "Error"),
    fields: result.body?.fields,
    setCookies: result.setCookies,
  };
}

/** A loader's API read: the parsed body, or the sign-in page on a 401, or the page's error boundary. */
export async function readConsole<C extends AnyConsoleContract>(
  args: Args,
  contract: C,
  input: ContractInput<C>,
): Promise<ContractResponse<C>> {
  const answer = await callConsole(args, contract, input);
  if (answer.ok) return answer.value;
  if (answer.status === 401) throw redirect("/admin/login");
  throw data({ code: answer.code }, { status: answer.status });
}

/** A loader's read of something that may not exist yet: null on a 404, else as readConsole. */
export async function readConsoleOrNull<C extends AnyConsoleContract>(
  args: Args,
  contract: C,
  input: ContractInput<C>,
): Promise<ContractResponse<C> | null> {
  const answer = await callConsole(args, contract, input);
  if (answer.ok) return answer.value;
  if (answer.status === 404) return null;
  if (answer.status === 401) throw redirect("/admin/login");
  throw data({ code: answer.code }, { status: answer.status });
}

/** The API's Set-Cookie headers as a response's headers. */
export function cookieHeaders(result: { setCookies: string[] }, extra: string[] = []): Headers {
  const headers = new Headers();
  for (const cookie of [...result.setCookies, ...extra]) headers.append("set-cookie", cookie);
  return headers;
}

/** What a console form's action answers: success, or the API's translated message and its field problems. */
export type ActionResult<T = unknown> =
  | { ok: true; intent: string; value: T }
  | { ok: false; intent: string; message: string; fields?: Record<string, string> };

/** A contract call's answer as a form action's result. */
export function answerResult<C extends AnyConsoleContract>(
  intent: string,
  answer: ConsoleAnswer<C>,
): ActionResult<ContractResponse<C>> {
  if (answer.ok) return { ok: true, intent, value: answer.value };
  return { ok: false, intent, message: answer.message, ...(answer.fields ? { fields: answer.fields } : {}) };
}

/**
 * A console page's query parameter. Console pages are never HTML-cached (server/infra/html-cache.ts skips
 * /admin), so their parameters are not cache keys and stay out of PAGE_QUERY_PARAMS.
 */
export function consoleParam(request: Request, name: string): string {
  return new URL(request.url).searchParams.get(name)?.trim() ?? "";
}

/** A list page's filters that are set (not empty), as the page keeps them in its links. */
export function setFilters(filters: Record<string, string | number | undefined>): Record<string, string> {
  const set: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) if (value) set[name] = String(value);
  return set;
}

/** What a console form's action answers (ADR 0407): Conform's reply, its errors already in the console's language. */
export interface FormAnswer<T = unknown> {
  result: SubmissionResult<string[]>;
  /** What the API answered when it took the form. */
  value?: T;
}

/** A message key of a schema or of the API as text in the console's language (an unknown key reads "invalid"). */
function keyText(language: ConsoleLanguage, key: string): string {
  if (isMessageKey(key)) return translate(language, key);
  return translate(language, "validation.invalid");
}

/**
 * A form's reply in the console's language: the schema's own problems when it did not parse, else the API's
 * refusal (its message above the form, its field problems beside their fields). Field names are the API's, so a
 * field problem the API found lands on the field the operator typed it in.
 */
export async function formReply(
  args: Args,
  submission: Submission<unknown, string[]>,
  refusal?: { message: string; fields?: Record<string, string> | undefined },
): Promise<SubmissionResult<string[]>> {
  const language = await consoleLanguage(args);
  const reply = refusal
    ? submission.reply({
        formErrors: [refusal.message],
        fieldErrors: Object.fromEntries(
          Object.entries(refusal.fields ?? {}).map(([name, key]) => [name, [key]]),
        ),
      })
    : submission.reply();
  if (!reply.error) return reply;
  const error: Record<string, string[] | null> = {};
  // The form-level entry ("") is the API's message, translated already.
  for (const [name, keys] of Object.entries(reply.error))
    error[name] = keys ? keys.map((key) => (name === "" ? key : keyText(language, key))) : null;
  return { ...reply, error };
}

/** A form that did not parse, as an intent's action result: its first problem, in the console's language. */
export async function formProblem(
  args: Args,
  intent: string,
  submission: Submission<unknown, string[]>,
): Promise<ActionResult<never>> {
  const reply = await formReply(args, submission);
  const fields: Record<string, string> = {};
  for (const [name, texts] of Object.entries(reply.error ?? {})) if (texts?.[0]) fields[name] = texts[0];
  const message = Object.values(fields)[0] ?? keyText(await consoleLanguage(args), "validation.invalid");
  return { ok: false, intent, message, fields };
}
