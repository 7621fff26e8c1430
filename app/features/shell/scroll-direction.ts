/**
 * spec 4: the top bar hides on scroll down and shows on scroll up. Near the top of the page it always shows,
 * and movements of a few pixels (momentum jitter) change nothing.
 */
export function nextTopBarHidden(
  previousY: number,
  y: number,
  wasHidden: boolean,
  barHeight: number,
): boolean {
  if (y <= barHeight) return false;
  if (y > previousY + 4) return true;
  if (y < previousY - 4) return false;
  return wasHidden;
}

/** spec 9: the back-to-top button appears after 400 px of scrolling. */
export const BACK_TO_TOP_AFTER_PX = 400;
export const BACK_TO_TOP_THROTTLE_MS = 100;
