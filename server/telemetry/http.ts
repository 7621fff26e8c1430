import { context, propagation, type Span, SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { httpDuration, httpRequests } from "./metrics.ts";
import { currentTracer, markError, requestContext, tracingOn } from "./tracing.ts";

/** The route label of a request no route matched (a 404): one value, whatever the URL. */
export const UNMATCHED_ROUTE = "unmatched";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The request's route label when the route's own pattern says too little: the page route (`/*`) labels a
     * page by its React Router route (`page-routes.ts`, ADR 0379).
     */
    routeLabel?: (request: FastifyRequest) => string | Promise<string>;
  }
}

const spans = new WeakMap<FastifyRequest, { span: Span; ctx: ReturnType<typeof context.active> }>();

/**
 * A server span for every request and the request metrics (issue 34 item 4; ADR 0331). The route label is the
 * route's pattern (`/o2cum/v1/order/:code`; a page: its React Router route's, `/:lang?/pdp/:id`), never the raw
 * URL, so the series stay few. With tracing on, the span's context is made active for the hooks and for the
 * handler (again after the body is read: the body's stream events do not run in the context of the request's
 * first hook), so database, supplier and payment calls made for the request are its children, and log lines
 * carry its ids.
 */
export function installHttpTelemetry(server: FastifyInstance) {
  if (tracingOn()) {
    server.addHook("onRequest", (request, _reply, done) => {
      const parent = propagation.extract(context.active(), request.headers);
      const span = currentTracer().startSpan(
        `${request.method}`,
        {
          kind: SpanKind.SERVER,
          attributes: {
            "http.request.method": request.method,
            "url.path": request.url.split("?", 1)[0],
            "roamly.request_id": request.id,
          },
        },
        parent,
      );
      const ctx = requestContext(request.id, span, parent);
      spans.set(request, { span, ctx });
      context.with(ctx, done);
    });
    server.addHook("preHandler", (request, _reply, done) => {
      const held = spans.get(request);
      if (held) context.with(held.ctx, done);
      else done();
    });
    server.addHook("onError", (request, _reply, error, done) => {
      const held = spans.get(request);
      if (held) markError(held.span, error);
      done();
    });
  }
  server.addHook("onResponse", (request, reply, done) => {
    const seconds = reply.elapsedTime / 1000;
    const pattern = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const labelOf = request.routeOptions.config?.routeLabel;
    let label: string | Promise<string> = pattern;
    try {
      if (labelOf) label = labelOf(request);
    } catch {
      // The route's own pattern, as before.
    }
    if (typeof label === "string") {
      record(request, reply.statusCode, seconds, label);
      done();
      return;
    }
    label
      .catch(() => pattern)
      .then((route) => record(request, reply.statusCode, seconds, route))
      .then(
        () => done(),
        () => done(),
      );
  });
}

function record(request: FastifyRequest, status: number, seconds: number, route: string) {
  const attributes = { method: request.method, route, status: String(status) };
  httpRequests.add(1, attributes);
  httpDuration.record(seconds, attributes);
  const held = spans.get(request);
  if (held) {
    held.span.updateName(`${request.method} ${route}`);
    held.span.setAttribute("http.route", route);
    held.span.setAttribute("http.response.status_code", status);
    if (status >= 500) held.span.setStatus({ code: SpanStatusCode.ERROR });
    held.span.end();
    spans.delete(request);
  }
}
