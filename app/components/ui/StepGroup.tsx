import type { ReactNode } from "react";
import { type StepState, stepState } from "./step-state.ts";

export interface StepItem {
  id: string;
  title: ReactNode;
  content?: ReactNode;
}

const MARKER: Record<StepState, string> = {
  finish: "border-brand-700 bg-brand-700 text-white",
  process: "border-brand-700 bg-white text-brand-700 ring-4 ring-brand-100",
  wait: "border-slate-400 bg-white text-slate-700",
};

const BADGE: Record<StepState, string> = {
  finish: "bg-brand-50 text-brand-900",
  process: "bg-brand-700 text-white",
  wait: "bg-slate-100 text-slate-700",
};

/**
 * spec 4 step group: a numbered list whose steps are finish before `current`, process at it and wait after it.
 * Each state is written out next to the title (not only a colour), and the current step carries
 * aria-current="step", so screen readers announce where the shopper is. The caller gives the words for the
 * three states in the page's language.
 */
export function StepGroup({
  steps,
  current,
  label,
  stateLabels,
  headingLevel = 2,
}: {
  steps: readonly StepItem[];
  /** 0-based index of the step in progress; steps.length marks every step finished. */
  current: number;
  /** The list's accessible name. */
  label: string;
  /** Visible and spoken names of the states ("Completed", "In progress", "Waiting"). */
  stateLabels: Record<StepState, string>;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ol aria-label={label} className="space-y-0">
      {steps.map((step, index) => {
        const state = stepState(index, current);
        const last = index === steps.length - 1;
        return (
          <li
            key={step.id}
            data-state={state}
            aria-current={state === "process" ? "step" : undefined}
            className="relative flex gap-4 pb-8 last:pb-0"
          >
            {!last && (
              <span
                aria-hidden="true"
                className={`absolute top-10 bottom-1 left-[19px] w-0.5 ${
                  state === "finish" ? "bg-brand-700" : "bg-slate-200"
                }`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative z-[1] flex size-10 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${MARKER[state]}`}
            >
              {state === "finish" ? (
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="size-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="3"
                >
                  <path d="m5 12 5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              ) : (
                index + 1
              )}
            </span>
            <div className="min-w-0 flex-1 pt-1.5">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Heading className="text-lg font-semibold text-slate-900">
                  <span className="sr-only">{index + 1}. </span>
                  {step.title}
                </Heading>
                <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[state]}`}>
                  {stateLabels[state]}
                </span>
              </div>
              {step.content && <div className="mt-2 text-sm text-slate-700">{step.content}</div>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
