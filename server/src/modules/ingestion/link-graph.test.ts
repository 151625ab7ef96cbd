import { describe, expect, it } from "@jest/globals";
import { LinkGraph } from "./link-graph.js";

const graph = (links: [string, string][]) => {
  const g = new LinkGraph();
  for (const [parent, child] of links) g.add(parent, child);
  return g;
};

describe("LinkGraph", () => {
  it("finds no cycle in a family tree, however its branches meet", () => {
    expect(graph([]).acyclic()).toBe(true);
    // Cousins married: two lines of descent meet again below.
    expect(
      graph([
        ["@I1@", "@I2@"],
        ["@I1@", "@I3@"],
        ["@I2@", "@I4@"],
        ["@I3@", "@I5@"],
        ["@I4@", "@I6@"],
        ["@I5@", "@I6@"],
        ["@I1@", "@I2@"],
      ]).acyclic(),
    ).toBe(true);
  });

  it("finds someone their own ancestor, or their own parent", () => {
    expect(
      graph([
        ["@I1@", "@I2@"],
        ["@I2@", "@I3@"],
        ["@I3@", "@I1@"],
      ]).acyclic(),
    ).toBe(false);
    expect(
      graph([
        ["@I1@", "@I2@"],
        ["@I2@", "@I2@"],
      ]).acyclic(),
    ).toBe(false);
  });

  it("names the links that close a cycle, and only those", () => {
    // @I0@ → @I1@ → @I2@ → @I3@ → @I1@, and @I3@ → @I4@ below the loop.
    const g = graph([
      ["@I0@", "@I1@"],
      ["@I1@", "@I2@"],
      ["@I2@", "@I3@"],
      ["@I3@", "@I1@"],
      ["@I3@", "@I4@"],
    ]);
    expect(g.inCycles()).toEqual([1, 2, 3]);
  });
});
