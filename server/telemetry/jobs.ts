import { SpanKind } from "@opentelemetry/api";
import { jobDuration, jobRuns, secondsSince } from "./metrics.ts";
import { inSpan } from "./tracing.ts";

/**
 * One run of a job's handler, measured and traced (issue 34 item 4; ADR 0331): `roamly_job_runs_total` and its
 * duration by kind and outcome, and a root span `job <kind>` (a job is work of its own, not part of the request
 * that queued it), whose children are the run's database, supplier and payment calls.
 */
export function measuredJobRun<T>(
  job: { id: string; kind: string; attempt: number },
  run: () => Promise<T>,
): Promise<T> {
  const start = performance.now();
  return inSpan(
    `job ${job.kind}`,
    { "roamly.job.kind": job.kind, "roamly.job.id": job.id, "roamly.job.attempt": job.attempt },
    async () => {
      try {
        const result = await run();
        jobRuns.add(1, { kind: job.kind, outcome: "ok" });
        jobDuration.record(secondsSince(start), { kind: job.kind, outcome: "ok" });
        return result;
      } catch (error) {
        jobRuns.add(1, { kind: job.kind, outcome: "error" });
        jobDuration.record(secondsSince(start), { kind: job.kind, outcome: "error" });
        throw error;
      }
    },
    { kind: SpanKind.CONSUMER, root: true },
  );
}
