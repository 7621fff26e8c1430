import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StepGroup } from "./StepGroup.tsx";

const labels = { finish: "Completed", process: "In progress", wait: "Waiting" };
const steps = ["Buy", "Receive", "Install", "Arrive"].map((title) => ({ id: title, title }));

/** Each item's state attribute, its spoken text and whether it is the current step. */
function items(html: string) {
  return [...html.matchAll(/<li data-state="(\w+)"( aria-current="step")?[^>]*>(.*?)<\/li>/g)].map((m) => ({
    state: m[1],
    current: Boolean(m[2]),
    // What is read out: the decorative marker (number or tick) is hidden from assistive technology.
    text: (m[3] ?? "").replace(/<span aria-hidden="true"[^>]*>.*?<\/span>/g, "").replace(/<[^>]+>/g, ""),
  }));
}

describe("StepGroup (spec 4)", () => {
  it("writes each step's state out and marks only the step in progress as current", () => {
    const html = renderToStaticMarkup(
      <StepGroup steps={steps} current={2} label="Progress" stateLabels={labels} />,
    );
    expect(html).toContain('<ol aria-label="Progress"');
    expect(items(html)).toEqual([
      { state: "finish", current: false, text: "1. BuyCompleted" },
      { state: "finish", current: false, text: "2. ReceiveCompleted" },
      { state: "process", current: true, text: "3. InstallIn progress" },
      { state: "wait", current: false, text: "4. ArriveWaiting" },
    ]);
  });

  it("has no current step once every step is finished", () => {
    const html = renderToStaticMarkup(
      <StepGroup steps={steps} current={4} label="Progress" stateLabels={labels} />,
    );
    expect(items(html).map((item) => item.state)).toEqual(["finish", "finish", "finish", "finish"]);
    expect(html).not.toContain("aria-current");
  });
});
