import type { z } from "zod";
import type { Access } from "./permissions.ts";

/**
 * One console endpoint, declared once (issue 33 item 1, ADR 0407): its method, path, permission and the zod schemas
 * of its params, query, body and answer. `adminRoute` registers the endpoint from it, the console's pages call it
 * with the typed `callConsole(args, contract, input)` / `readConsole(args, contract, input)`, and a page's form
 * parses with the contract's body schema through Conform. A contract file holds only zod and `core/` imports, so a
 * page's browser code can import it.
 *
 * `response` is the answer's JSON as the page reads it (dates as ISO strings). Pages parse every answer with it, and
 * in development and tests the server checks each answer against it too, so a drift between an endpoint and its
 * pages fails the endpoint's own tests.
 */
export interface ConsoleContract<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Under the console API's prefix (/o2adm/v1), with `:name` params, e.g. "/marketing/coupons/:code". */
  path: string;
  permission: Access;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /**
   * Why a POST, PUT, PATCH or DELETE changes nothing the audit log should hold (a sign-in, a dry run, a preview);
   * see AdminRouteDefinition.unaudited.
   */
  unaudited?: string;
  /** A larger body than the app's 1 MB (an uploaded file); bytes. */
  bodyLimit?: number;
}

// biome-ignore lint/suspicious/noExplicitAny: any contract, whatever its schemas
export type AnyConsoleContract = ConsoleContract<any, any, any, any>;

/** Declares a console endpoint; the identity, kept for its exact inferred type. */
export function consoleContract<const C extends AnyConsoleContract>(contract: C): C {
  return contract;
}

/** The contract's own schemas (undefined where it declares none). */
export type ParamsSchema<C> = C extends { params: infer P extends z.ZodType } ? P : undefined;
export type QuerySchema<C> = C extends { query: infer Q extends z.ZodType } ? Q : undefined;
export type BodySchema<C> = C extends { body: infer B extends z.ZodType } ? B : undefined;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller passes: params and body as the schemas take them, an optional query. */
export type ContractInput<C extends AnyConsoleContract> = (ParamsSchema<C> extends z.ZodType
  ? { params: InputOf<ParamsSchema<C>> }
  : { params?: undefined }) &
  (QuerySchema<C> extends z.ZodType ? { query?: Partial<InputOf<QuerySchema<C>>> } : { query?: undefined }) &
  (BodySchema<C> extends z.ZodType
    ? // What a form parsed with the same schema gave also goes (its JSON is what the schema takes).
      { body: InputOf<BodySchema<C>> | z.output<BodySchema<C>> }
    : { body?: undefined });

/** The answer's JSON as parsed by the contract. */
export type ContractResponse<C extends AnyConsoleContract> = z.output<C["response"]>;
/** The params, query and body the handler receives, after parsing. */
export type ContractParams<C extends AnyConsoleContract> = OutputOf<ParamsSchema<C>>;
export type ContractQuery<C extends AnyConsoleContract> = OutputOf<QuerySchema<C>>;
export type ContractBody<C extends AnyConsoleContract> = OutputOf<BodySchema<C>>;

/** Where the console's API lives (issue 16); the server registers under it, the console calls and links to it. */
export const CONSOLE_API_PREFIX = "/o2adm/v1";

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * The request path of a call: `:name` params filled in (encoded), the query's set values appended (arrays joined by
 * commas, empty values left out).
 */
export function contractPath(
  prefix: string,
  contract: AnyConsoleContract,
  input: { params?: unknown; query?: unknown },
): string {
  const params = (input.params ?? {}) as Record<string, string | number>;
  const path = contract.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === "")
      throw new Error(`console call ${contract.method} ${contract.path}: param ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      if (value.length > 0) search.set(name, value.join(","));
    } else search.set(name, String(value));
  }
  const query = search.toString();
  return `${prefix}${path}${query ? `?${query}` : ""}`;
}

/** A console page's link to an endpoint it does not call itself (a download, an image): the API address. */
export function consoleHref<C extends AnyConsoleContract>(
  contract: C,
  input: { params?: unknown; query?: unknown } = {},
): string {
  return contractPath(CONSOLE_API_PREFIX, contract, input);
}
