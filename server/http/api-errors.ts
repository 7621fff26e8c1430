import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isMessageKey, type MessageKey, translate } from "../../core/i18n/index.ts";
import { ApiError } from "./errors.ts";
import { apiLocale } from "./request-info.ts";

const FASTIFY_STATUS_CODES: Record<number, MessageKey> = {
  400: "error.badRequest",
  404: "error.notFound",
  405: "error.methodNotAllowed",
  413: "error.payloadTooLarge",
  415: "error.unsupportedMediaType",
  429: "error.rateLimited",
};

export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  // The context is built in onRequest; a request refused before that still answers in its x-lang.
  const locale = request.ctx?.locale ?? apiLocale(request);
  const key: MessageKey = isMessageKey(error.code) ? error.code : "error.internal";
  const body: Record<string, unknown> = {
    failed: true,
    code: error.code,
    message: translate(locale, key, error.params),
  };
  if (error.fields) body.fields = error.fields;
  return reply.status(error.status).type("application/json; charset=utf-8").send(body);
}

/** spec 8: every API failure is {failed: true, code, message}, in the request's language, with no internals. */
export function installApiErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((rawError: FastifyError | ApiError | Error, request, reply) => {
    if (rawError instanceof ApiError) {
      if (rawError.status >= 500) request.log.error({ err: rawError }, "api failure");
      return sendApiError(request, reply, rawError);
    }
    const status = (rawError as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const key = FASTIFY_STATUS_CODES[status] ?? "error.badRequest";
      return sendApiError(request, reply, new ApiError(status, key));
    }
    request.log.error({ err: rawError }, "unexpected failure");
    return sendApiError(request, reply, new ApiError(500, "error.internal"));
  });
  app.setNotFoundHandler((request, reply) =>
    sendApiError(request, reply, new ApiError(404, "error.notFound")),
  );
}
