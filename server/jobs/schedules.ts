/** What a failed job attempt, or a failed start of a periodic job, is reported to (app.ts logs it). */
export type JobErrorReporter = (error: unknown, job: { id: string; kind: string; attempt: number }) => void;

/**
 * The composition root's one way to start the periodic jobs and start-up tasks (ADR 0416): each starts only where
 * the job runner polls (pollMs > 0; a web instance neither polls nor schedules, ADR 0327), and a failed start is
 * reported as a failed attempt of its kind instead of being lost.
 */
export function jobStarts(pollMs: number, onJobError?: JobErrorReporter) {
  const failed = (kind: string) => (error: unknown) => onJobError?.(error, { id: "", kind, attempt: 0 });
  return {
    /** Reports an error as a failed attempt of `kind`. */
    failed,
    /** Starts `start` now when this instance polls jobs; its failure is reported as a failed `kind`. */
    start(kind: string, start: () => Promise<unknown>) {
      if (pollMs > 0) start().catch(failed(kind));
    },
  };
}
