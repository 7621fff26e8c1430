/** A failure the API reports as {failed: true, code, message} (spec 8). */
export class ApiError extends Error {
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
