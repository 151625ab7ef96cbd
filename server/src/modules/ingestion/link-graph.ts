import { IntList, KeyTable } from "../../common/key-table.js";

/**
 * The parent links of a file as the stager sees them go by (parent and child by their keys in
 * the file), to tell at the end whether they can hold a cycle at all. Nearly no file does: its
 * review then need not read every link back from the database to look for one (review.ts,
 * markCycles). Links refused by the other rules are among them here: a file whose links have no
 * cycle has none among those that remain; one that does is checked link by link.
 */
export class LinkGraph {
  /** People by their key in the file, numbered in the order first seen (compact: one entry per person of the file). */
  private readonly ids = new KeyTable();
  private readonly from = new IntList();
  private readonly to = new IntList();

  add(parent: string, child: string): void {
    this.from.push(this.ids.add(parent));
    this.to.push(this.ids.add(child));
  }

  /** No chain of links leads from anyone back to them. */
  acyclic(): boolean {
    return this.inCycles().length === 0;
  }

  /** The links (by the order they were added) that close a cycle: inside a strongly connected group of people. */
  inCycles(): number[] {
    const from = this.from.view();
    const to = this.to.view();
    const component = stronglyConnected(this.ids.size, from, to);
    const links: number[] = [];
    for (let i = 0; i < from.length; i++) if (component[from[i]] === component[to[i]]) links.push(i);
    return links;
  }
}

/** Tarjan's strongly connected components, iterative (trees can be deeper than the stack). */
function stronglyConnected(n: number, from: Int32Array, to: Int32Array): Int32Array {
  // Adjacency in two typed arrays: person v's children are next[first[v] .. first[v + 1]).
  const first = new Int32Array(n + 1);
  for (let i = 0; i < from.length; i++) first[from[i] + 1]++;
  for (let v = 0; v < n; v++) first[v + 1] += first[v];
  const next = new Int32Array(from.length);
  const filled = first.slice(0, n);
  for (let i = 0; i < from.length; i++) next[filled[from[i]]++] = to[i];
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const component = new Int32Array(n).fill(-1);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  let counter = 0;
  let components = 0;
  for (let root = 0; root < n; root++) {
    if (order[root] !== -1) continue;
    const work: [number, number][] = [[root, 0]];
    while (work.length) {
      const frame = work[work.length - 1];
      const [v, i] = frame;
      if (i === 0 && order[v] === -1) {
        order[v] = low[v] = counter++;
        stack.push(v);
        onStack[v] = 1;
      }
      if (first[v] + i < first[v + 1]) {
        frame[1]++;
        const w = next[first[v] + i];
        if (order[w] === -1) work.push([w, 0]);
        else if (onStack[w]) low[v] = Math.min(low[v], order[w]);
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low[parent] = Math.min(low[parent], low[v]);
      }
      if (low[v] === order[v]) {
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          component[w] = components;
        } while (w !== v);
        components++;
      }
    }
  }
  return component;
}
