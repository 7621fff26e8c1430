// The Vite-built page bundle holds its own copy of this module, so `instanceof` fails for an ApiError a service
// threw from the other copy: a symbol from the global registry marks the class in both (like app/context.ts).
const API_ERROR = Symbol.for("esim-storefront.api-error");

/** An ApiError from either copy of this module (the server's or the page bundle's). */
export function isApiError(error: unknown): error is ApiError {
  return typeof error === "object" && error !== null && API_ERROR in error;
}

/** A failure the API reports as {failed: true, code, message} (spec 8). */
export class ApiError extends Error {
  readonly [API_ERROR] = true;
  readonly status: number;
  readonly code: string;
  readonly params: Record<string, string | number>;
  readonly fields?: Record<string, string>;

  constructor(
    status: number,
    code: string,
    options: {
      params?: Record<string, string | number>;
      fields?: Record<string, string>;
      detail?: string;
    } = {},
  ) {
    super(options.detail ?? code);
    this.status = status;
    this.code = code;
    this.params = options.params ?? {};
    this.fields = options.fields;
  }
}

export const notFound = (code = "error.notFound") => new ApiError(404, code);
export const unauthorized = () => new ApiError(401, "error.unauthorized");
