/** spec 4: the loading bar's states. */
export type LoadingPhase = "wait" | "process" | "done" | "fail";
export type LoadingEvent = "started" | "finished" | "failed" | "settled";

/**
 * wait → process once a navigation has run past the start delay; process → done or fail when it ends;
 * done/fail → wait after the finish delay. A navigation quicker than the start delay never shows the bar.
 */
export function nextLoadingPhase(phase: LoadingPhase, event: LoadingEvent): LoadingPhase {
  switch (event) {
    case "started":
      return "process";
    case "finished":
      return phase === "process" ? "done" : phase;
    case "failed":
      return phase === "process" ? "fail" : phase;
    case "settled":
      return phase === "done" || phase === "fail" ? "wait" : phase;
  }
}
