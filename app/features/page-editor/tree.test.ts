import { describe, expect, it } from "vitest";
import type { PageComponent } from "../../../db/schema/content-document.ts";
import { move, moveTo, newComponentId } from "./tree.ts";

const c = (id: string, code = "Banner", children?: PageComponent[]): PageComponent => ({
  componentId: id,
  componentCode: code,
  componentName: id,
  positionCode: "10",
  style: {},
  data: {},
  options: "{}",
  ...(children ? { childrenData: children } : {}),
});
const ids = (list: PageComponent[]): unknown =>
  list.map((x) => (x.childrenData ? [x.componentId, ids(x.childrenData)] : x.componentId));

describe("page editor tree moves (keyboard and drag, issue 17)", () => {
  const page = [c("a"), c("box", "Column", [c("b")]), c("d")];

  it("reorders with up and down, and stops at the ends", () => {
    expect(ids(move(page, [2], "up")!.list)).toEqual(["a", "d", ["box", ["b"]]]);
    expect(move(page, [0], "up")).toBeNull();
    expect(move(page, [2], "down")).toBeNull();
  });

  it("nests into the container above and back out", () => {
    const nested = move(page, [2], "indent")!;
    expect(ids(nested.list)).toEqual(["a", ["box", ["b", "d"]]]);
    expect(nested.path).toEqual([1, 1]);
    const out = move(nested.list, nested.path, "outdent")!;
    expect(ids(out.list)).toEqual(["a", ["box", ["b"]], "d"]);
    // "a" has no container above it: no nesting.
    expect(move(page, [0], "indent")).toBeNull();
  });

  it("drops before an item or into a container, never into itself", () => {
    expect(ids(moveTo(page, [0], [1], true)!.list)).toEqual([["box", ["b", "a"]], "d"]);
    expect(ids(moveTo(page, [2], [0], false)!.list)).toEqual(["d", "a", ["box", ["b"]]]);
    expect(moveTo(page, [1], [1, 0], false)).toBeNull();
    expect(moveTo(page, [0], [2], true)).toBeNull();
  });

  it("gives new components unused ids", () => {
    expect(newComponentId([c("banner-1"), c("x", "Column", [c("banner-2")])], "Banner")).toBe("banner-3");
  });
});
