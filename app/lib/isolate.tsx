import type { ReactNode } from "react";

/** Stands in for the user-written value while the sentence is translated (a private-use character). */
const MARK = "\uE000";

/**
 * A translated sentence with one user-written value (a nickname) in a `<bdi>` where its placeholder was (issue 32
 * item 9): a name written right to left, or holding direction controls, cannot reorder the words around it.
 * `translate` is `t` with the key and other parameters already given.
 */
export function withIsolated(
  translate: (params: Record<string, string>) => string,
  param: string,
  value: string,
): ReactNode {
  const [before, ...rest] = translate({ [param]: MARK }).split(MARK);
  if (rest.length === 0) return before;
  return (
    <>
      {before}
      {rest.map((after, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence never move.
        <span key={index}>
          <bdi>{value}</bdi>
          {after}
        </span>
      ))}
    </>
  );
}
