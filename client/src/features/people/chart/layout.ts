/**
 * Tree chart layout, pure and DOM-free.
 *
 * Positions are first computed in logical coordinates: `inline` runs along the reading
 * direction (generation after generation), `block` runs down the page (siblings and
 * spouses stacked). The root sits at the inline start; parents (pedigree) or children
 * (descendants) follow one column further along the reading direction. For a right-to-left
 * language the inline axis is mirrored, so in Arabic the root is at the right and the
 * generations extend to the left — the chart reads the way the text does.
 */

export const CARD_W = 208;
export const CARD_H = 84;
/** Space between two generations (columns). */
export const GAP_INLINE = 56;
/** Space between two unrelated cards in one column. */
export const GAP_BLOCK = 18;
/** Space between a person and the spouse shown beside them. */
export const GAP_SPOUSE = 8;
export const MARGIN = 24;

/** One person in the tree to lay out; `next` is the next generation (parents or children). */
export interface TreeNode {
  id: string;
  spouses: string[];
  next: TreeNode[];
}

export interface PlacedCard {
  /** Unique per card (a person may appear once as themselves and elsewhere as a spouse). */
  key: string;
  personId: string;
  x: number;
  y: number;
  w: number;
  h: number;
  generation: number;
  role: "person" | "spouse";
}

export interface Point {
  x: number;
  y: number;
}

export interface ChartLink {
  key: string;
  kind: "lineage" | "union";
  points: Point[];
}

export interface ChartLayout {
  cards: PlacedCard[];
  links: ChartLink[];
  width: number;
  height: number;
}

/** Height a person takes in their column: their own card and the spouses beside them. */
const unitHeight = (n: TreeNode) => CARD_H * (1 + n.spouses.length) + GAP_SPOUSE * n.spouses.length;

interface Placed {
  node: TreeNode;
  depth: number;
  top: number;
}

/**
 * Lays a tree out; cards never overlap: every leaf goes below everything placed so far, and a
 * parent column entry centred on its next generation is pushed down (with its subtree) when
 * it would climb into the card above it.
 */
export function layoutTree(root: TreeNode, rtl: boolean): ChartLayout {
  const placed = new Map<string, Placed>();
  const nextOf = new Map<string, TreeNode[]>();
  const depthBottom: number[] = [];
  let nextTop = MARGIN;

  const shift = (n: TreeNode, dy: number) => {
    const p = placed.get(n.id)!;
    p.top += dy;
    nextOf.get(n.id)!.forEach((c) => shift(c, dy));
  };
  const lowestUnder = (n: TreeNode): number => Math.max(placed.get(n.id)!.top + unitHeight(n), ...nextOf.get(n.id)!.map(lowestUnder));

  const place = (n: TreeNode, depth: number) => {
    if (placed.has(n.id)) return; // the same person twice would be a loop; show them once
    const h = unitHeight(n);
    placed.set(n.id, { node: n, depth, top: 0 });
    const next = n.next.filter((c) => !placed.has(c.id));
    nextOf.set(n.id, next);
    if (!next.length) {
      const top = Math.max(nextTop, (depthBottom[depth] ?? -Infinity) + GAP_BLOCK);
      placed.get(n.id)!.top = top;
    } else {
      next.forEach((c) => place(c, depth + 1));
      const first = placed.get(next[0].id)!;
      const last = placed.get(next[next.length - 1].id)!;
      // Centre on the children's own cards (not their spouses) so lines stay straight.
      const mid = (first.top + last.top + CARD_H) / 2;
      let top = mid - CARD_H / 2;
      const floor = (depthBottom[depth] ?? -Infinity) + GAP_BLOCK;
      if (top < floor) {
        next.forEach((c) => shift(c, floor - top));
        top = floor;
      }
      placed.get(n.id)!.top = top;
    }
    const p = placed.get(n.id)!;
    depthBottom[depth] = p.top + h;
    nextTop = Math.max(nextTop, lowestUnder(n) + GAP_BLOCK);
  };
  place(root, 0);

  const depths = [...placed.values()].map((p) => p.depth);
  const width = 2 * MARGIN + (Math.max(...depths) + 1) * CARD_W + Math.max(...depths) * GAP_INLINE;
  const height = Math.max(MARGIN, ...[...placed.values()].map((p) => p.top + unitHeight(p.node))) + MARGIN;
  // Logical inline → physical x: mirrored for right-to-left.
  const xOf = (inline: number, w: number) => (rtl ? width - inline - w : inline);
  const px = (inline: number) => (rtl ? width - inline : inline);
  const inlineOf = (depth: number) => MARGIN + depth * (CARD_W + GAP_INLINE);

  const cards: PlacedCard[] = [];
  const links: ChartLink[] = [];
  for (const { node, depth, top } of placed.values()) {
    const x = xOf(inlineOf(depth), CARD_W);
    cards.push({ key: node.id, personId: node.id, x, y: top, w: CARD_W, h: CARD_H, generation: depth, role: "person" });
    node.spouses.forEach((s, i) => {
      const y = top + (i + 1) * (CARD_H + GAP_SPOUSE);
      cards.push({ key: `${node.id}+${s}`, personId: s, x, y, w: CARD_W, h: CARD_H, generation: depth, role: "spouse" });
      const cx = x + CARD_W / 2;
      links.push({ key: `u:${node.id}+${s}`, kind: "union", points: [{ x: cx, y: y - GAP_SPOUSE }, { x: cx, y }] });
    });
    for (const c of nextOf.get(node.id)!) {
      const child = placed.get(c.id)!;
      const from = inlineOf(depth) + CARD_W;
      const to = inlineOf(child.depth);
      const elbow = from + GAP_INLINE / 2;
      const y1 = top + CARD_H / 2;
      const y2 = child.top + CARD_H / 2;
      links.push({
        key: `l:${node.id}>${c.id}`,
        kind: "lineage",
        points: [{ x: px(from), y: y1 }, { x: px(elbow), y: y1 }, { x: px(elbow), y: y2 }, { x: px(to), y: y2 }],
      });
    }
  }
  return { cards, links, width, height };
}

/** An SVG path through the points (straight segments). */
export const pathOf = (points: Point[]) => points.map((p, i) => `${i ? "L" : "M"}${p.x},${p.y}`).join(" ");

/** Two cards overlap (used by tests and as a guard). */
export const overlaps = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
