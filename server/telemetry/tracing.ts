import {
  type Attributes,
  type Context,
  context,
  createContextKey,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import type { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import type { SpanExporter, TracerProvider } from "@opentelemetry/sdk-trace";

/**
 * Traces (issue 34 item 4; ADR 0331). Off unless an exporter is configured (OTEL_EXPORTER_OTLP_ENDPOINT, or a
 * test's in-memory exporter): then the global tracer is the API's no-op one, `tracingOn()` is false and every
 * wrapper here calls straight through, so a store without a collector pays nothing and sends nothing.
 */

/**
 * The store's tracer, looked up at each use: tracing may stop and start again in one process (test files share
 * a worker), and a tracer taken once stays bound to the API's first, orphaned proxy after `trace.disable()`.
 */
export const currentTracer = () => trace.getTracer("roamly");

/** The request id, carried in the context of everything a request does (for log lines; ADR 0171's id). */
const REQUEST_ID = createContextKey("roamly.request_id");

let provider: TracerProvider | null = null;
let contextManager: AsyncLocalStorageContextManager | null = null;

/** Whether spans are recorded (a tracer provider with an exporter is registered). */
export const tracingOn = () => provider !== null;

export interface TracingOptions {
  /** OTLP over HTTP (the collector's base URL; `/v1/traces` is appended as the standard says). */
  otlpEndpoint?: string;
  /** Exports spans as they end (tests: the SDK's InMemorySpanExporter). */
  exporter?: SpanExporter;
  serviceName?: string;
}

/**
 * Starts tracing once per process when an exporter is given; a no-op otherwise. OTEL_EXPORTER_OTLP_HEADERS and
 * the other standard OTEL_EXPORTER_OTLP_* variables are read by the exporter itself. The SDK is loaded only
 * here, so a store without a collector does not load it at start-up.
 */
export async function startTracing(options: TracingOptions): Promise<boolean> {
  if (provider) return true;
  if (!options.exporter && !options.otlpEndpoint) return false;
  const [
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    { resourceFromAttributes },
    sdk,
  ] = await Promise.all([
    import("@opentelemetry/context-async-hooks"),
    import("@opentelemetry/core"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/sdk-trace"),
  ]);
  const exporter =
    options.exporter ?? new (await import("@opentelemetry/exporter-trace-otlp-http")).OTLPTraceExporter();
  if (provider) return true;
  contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ "service.name": options.serviceName ?? "roamly" }),
    spanProcessors: [
      options.exporter ? new sdk.SimpleSpanProcessor({ exporter }) : new sdk.BatchSpanProcessor({ exporter }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  return true;
}

/** Flushes and stops tracing (shutdown; tests restore the no-op globals so other files run untraced). */
export async function stopTracing(): Promise<void> {
  if (!provider) return;
  const stopping = provider;
  provider = null;
  await stopping.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
  contextManager = null;
}

/**
 * Runs `fn` in a child span of the active one, ending it when `fn` settles (an error marks the span and is
 * rethrown). Without tracing, or outside any traced work (a poll of the job table), `fn` runs as is.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span | undefined) => Promise<T>,
  options: { kind?: SpanKind; root?: boolean } = {},
): Promise<T> {
  if (!provider) return fn(undefined);
  const parent = trace.getActiveSpan();
  if (!options.root && !parent?.isRecording()) return fn(undefined);
  return currentTracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes },
    async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        markError(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

export function markError(span: Span, error: unknown) {
  span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.name ?? "Error" });
  span.setAttribute("error.type", (error as { code?: string })?.code ?? (error as Error)?.name ?? "Error");
}

/** A context that carries the request id (and, when tracing, the request's span). */
export function requestContext(requestId: string, span?: Span, parent: Context = context.active()): Context {
  const withId = parent.setValue(REQUEST_ID, requestId);
  return span ? trace.setSpan(withId, span) : withId;
}

/**
 * pino's mixin: the request id and the trace and span ids of the work a line is logged from (lines logged with
 * `request.log` already carry `reqId` as a binding, so it is not repeated).
 */
export function logMixin(
  _merge: object,
  _level: number,
  logger?: { bindings(): Record<string, unknown> },
): Record<string, string> {
  if (!provider) return {};
  const active = context.active();
  const out: Record<string, string> = {};
  const requestId = active.getValue(REQUEST_ID);
  if (typeof requestId === "string" && logger?.bindings().reqId === undefined) out.reqId = requestId;
  const spanContext = trace.getSpan(active)?.spanContext();
  if (spanContext && trace.isSpanContextValid(spanContext)) {
    out.trace_id = spanContext.traceId;
    out.span_id = spanContext.spanId;
  }
  return out;
}

export { SpanKind };
