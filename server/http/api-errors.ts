import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DEFAULT_LOCALE, type Locale } from "../../core/constants.ts";
import { isMessageKey, type MessageKey, translate } from "../../core/i18n/index.ts";
import { ApiError } from "./errors.ts";
import { apiLocale } from "./request-info.ts";

const FASTIFY_STATUS_CODES: Record<number, MessageKey> = {
  400: "error.badRequest",
  404: "error.notFound",
  405: "error.methodNotAllowed",
  408: "error.requestTimeout",
  413: "error.payloadTooLarge",
  414: "error.uriTooLong",
  415: "error.unsupportedMediaType",
  429: "error.rateLimited",
  431: "error.headersTooLarge",
};

/**
 * Fastify's router failures (bad percent-encoding in the path, a path parameter past maxParamLength) in the
 * error shape instead of Fastify's own body, which echoes the URL (issue 14 item 9).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : error.code === "FST_ERR_BAD_URL" ? 400 : 500;
  if (status === 500) request.log.error({ err: error }, "router failure");
  const key = status === 500 ? "error.internal" : (FASTIFY_STATUS_CODES[status] ?? "error.badRequest");
  return sendApiError(request, reply, new ApiError(status, key));
}

/**
 * Failures Node's HTTP parser reports before there is a request (headers too large, a timeout, malformed
 * HTTP): written straight to the socket in the error shape. There are no readable headers, so no x-lang:
 * the message is in the default language.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const status =
    error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const code = FASTIFY_STATUS_CODES[status] ?? "error.badRequest";
  const body = JSON.stringify({ failed: true, code, message: translate(DEFAULT_LOCALE, code) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

/** An API failure as the API answers it (spec 8), in the given language: also what page resource routes answer. */
export function apiErrorBody(error: ApiError, locale: Locale): ApiErrorBody {
  const key: MessageKey = isMessageKey(error.code) ? error.code : "error.internal";
  const body: ApiErrorBody = {
    failed: true,
    code: error.code,
    message: translate(locale, key, error.params),
  };
  if (error.fields) body.fields = error.fields;
  return body;
}

export interface ApiErrorBody {
  failed: true;
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  // The context is built in onRequest; a request refused before that still answers in its x-lang.
  const locale = request.ctx?.locale ?? apiLocale(request);
  return reply.status(error.status).type("application/json; charset=utf-8").send(apiErrorBody(error, locale));
}

/** spec 8: every API failure is {failed: true, code, message}, in the request's language, with no internals. */
export function installApiErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((rawError: FastifyError | ApiError | Error, request, reply) => {
    if (rawError instanceof ApiError) {
      if (rawError.status >= 500) request.log.error({ err: rawError }, "api failure");
      return sendApiError(request, reply, rawError);
    }
    const status = (rawError as FastifyError).statusCode;
    if (status === 413) {
      // Sent once the upload is read: answered mid-upload, Node closes the socket while the client still
      // writes, and the client sees a reset instead of this answer (issue 32 item 10).
      // Fastify's body parser asks to close the connection; read whole, it can stay open for the next request.
      return drainBody(request).then((whole) => {
        if (whole) reply.removeHeader("connection");
        else reply.header("connection", "close");
        sendApiError(request, reply, new ApiError(413, "error.payloadTooLarge"));
      });
    }
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

/** How much of a refused upload is read and dropped so its 413 arrives; past it the connection closes. */
export const MAX_DRAINED_BYTES = 16 * 1_048_576;
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Reads and drops the rest of a request body the server refused; true once it was read whole, false when it was
 * past MAX_DRAINED_BYTES, took longer than DRAIN_TIMEOUT_MS, or the client went away.
 */
function drainBody(request: FastifyRequest): Promise<boolean> {
  const raw = request.raw;
  if (raw.complete) return Promise.resolve(true);
  if (raw.destroyed) return Promise.resolve(false);
  const declared = Number(raw.headers["content-length"]);
  if (Number.isFinite(declared) && declared > MAX_DRAINED_BYTES) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (whole: boolean) => {
      clearTimeout(timer);
      raw.off("data", onData);
      raw.off("end", onEnd);
      raw.off("close", onClose);
      raw.off("error", onClose);
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_DRAINED_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete);
    const timer = setTimeout(() => finish(false), DRAIN_TIMEOUT_MS);
    raw.on("data", onData);
    raw.once("end", onEnd);
    raw.once("close", onClose);
    raw.once("error", onClose);
    raw.resume();
  });
}
