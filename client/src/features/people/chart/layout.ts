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

import type { Rect } from "./viewMath";

export const CARD_W = 208;
export const CARD_H = 84;
/** Space between two generations (columns). */
export const GAP_INLINE = 56;
/** Space between two unrelated cards in one column. */
export const GAP_BLOCK = 18;
/** Space between a person and the spouse shown beside them. */
export const GAP_SPOUSE = 8;
export const MARGIN = 24;

/** A card's width and the space between two generations of a side-ways chart. */
export interface CardSize {
  w: number;
  gap: number;
}
/** Cards on a wide screen. */
export const WIDE: CardSize = { w: CARD_W, gap: GAP_INLINE };
/**
 * Cards on a phone: narrower, so the focus person and the next generation fit side by side on a
 * 390 px screen at the zoom where the smallest label reads at 11 px (2 × 176 + 36 + 2 × 24 margins = 460
 * drawing units, 390 px at 11/13).
 */
export const NARROW: CardSize = { w: 176, gap: 36 };

/** One person in the tree to lay out; `next` is the next generation (parents or children). */
export interface TreeNode {
  id: string;
  spouses: string[];
  next: TreeNode[];
  /** How many people a collapsed branch hides (its `next` is then empty); 0 or absent when open. */
  hidden?: number;
}

/** The button that folds or unfolds the branch beyond a card. */
export interface BranchToggle {
  /** Collapse key: the side ("up" ancestors, "down" descendants) and the person. */
  key: string;
  x: number;
  y: number;
  collapsed: boolean;
  hidden: number;
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
  toggle?: BranchToggle;
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
  /** Centre of the root's card: the opening view centres on it. */
  focus: Point;
  /** The root's card, then the cards one generation from it: the opening view frames as many as fit. */
  near: Rect[];
}

/** The root's card first, then the people one generation from it (parents or children). */
function nearOf(cards: PlacedCard[], rootKey: string): Rect[] {
  const root = cards.find((c) => c.key === rootKey)!;
  return [root, ...cards.filter((c) => c.role === "person" && Math.abs(c.generation) === 1)];
}

interface Placed {
  node: TreeNode;
  depth: number;
  /** Position across the generations (down the page for the side-ways charts). */
  top: number;
}

interface Placement {
  placed: Map<string, Placed>;
  nextOf: Map<string, TreeNode[]>;
}

/**
 * Places a tree along one axis: generation `depth` and a position `top` across. Cards never
 * overlap: every leaf goes after everything placed so far, and a person centred on their next
 * generation is pushed along (with their subtree) when they would climb into the card before.
 * `unit` is the room a person takes across (their card and the spouses beside them), `card`
 * the size of their own card across.
 */
function placeTree(root: TreeNode, unit: (n: TreeNode) => number, card: number, gap: number): Placement {
  const placed = new Map<string, Placed>();
  const nextOf = new Map<string, TreeNode[]>();
  const depthEnd: number[] = [];
  let nextTop = MARGIN;

  const shift = (n: TreeNode, d: number) => {
    placed.get(n.id)!.top += d;
    nextOf.get(n.id)!.forEach((c) => shift(c, d));
  };
  const furthest = (n: TreeNode): number => Math.max(placed.get(n.id)!.top + unit(n), ...nextOf.get(n.id)!.map(furthest));

  const place = (n: TreeNode, depth: number) => {
    if (placed.has(n.id)) return; // the same person twice would be a loop; show them once
    placed.set(n.id, { node: n, depth, top: 0 });
    const next = n.next.filter((c) => !placed.has(c.id));
    nextOf.set(n.id, next);
    const floor = () => (depthEnd[depth] ?? -Infinity) + gap;
    if (!next.length) {
      placed.get(n.id)!.top = Math.max(nextTop, floor());
    } else {
      next.forEach((c) => place(c, depth + 1));
      const first = placed.get(next[0].id)!;
      const last = placed.get(next[next.length - 1].id)!;
      // Centre on the next generation's own cards (not their spouses) so lines stay straight.
      let top = (first.top + last.top + card) / 2 - card / 2;
      if (top < floor()) {
        const by = floor() - top;
        next.forEach((c) => shift(c, by));
        top += by;
      }
      placed.get(n.id)!.top = top;
    }
    depthEnd[depth] = placed.get(n.id)!.top + unit(n);
    nextTop = Math.max(nextTop, furthest(n) + gap);
  };
  place(root, 0);
  return { placed, nextOf };
}

/** Height a person takes in their column: their own card and the spouses below them. */
const unitHeight = (n: TreeNode) => CARD_H * (1 + n.spouses.length) + GAP_SPOUSE * n.spouses.length;
/** Width a person takes in their row: their own card (`w` wide) and the spouses beside them. */
const unitWidthOf = (w: number) => (n: TreeNode) => w * (1 + n.spouses.length) + GAP_SPOUSE * n.spouses.length;

const toggleOf = (side: string, n: TreeNode, depth: number, x: number, y: number): BranchToggle | undefined =>
  depth > 0 && (n.next.length || n.hidden) ? { key: `${side}:${n.id}`, x, y, collapsed: !!n.hidden, hidden: n.hidden ?? 0 } : undefined;

/**
 * Lays a pedigree or descendant tree out side-ways: the root at the inline start and each
 * generation one column further along the reading direction, spouses below each person.
 * `side` names the branches for collapsing ("up" for ancestors, "down" for descendants).
 */
export function layoutTree(root: TreeNode, rtl: boolean, side: "up" | "down" = "up", size: CardSize = WIDE): ChartLayout {
  const { w: CARD_W, gap: GAP_INLINE } = size;
  const { placed, nextOf } = placeTree(root, unitHeight, CARD_H, GAP_BLOCK);
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
    const toggle = toggleOf(side, node, depth, px(inlineOf(depth) + CARD_W), top + CARD_H / 2);
    cards.push({ key: node.id, personId: node.id, x, y: top, w: CARD_W, h: CARD_H, generation: depth, role: "person", toggle });
    node.spouses.forEach((s, i) => {
      const y = top + (i + 1) * (CARD_H + GAP_SPOUSE);
      cards.push({ key: `${node.id}+${s}`, personId: s, x, y, w: CARD_W, h: CARD_H, generation: depth, role: "spouse" });
      const cx = x + CARD_W / 2;
      links.push({
        key: `u:${node.id}+${s}`,
        kind: "union",
        points: [
          { x: cx, y: y - GAP_SPOUSE },
          { x: cx, y },
        ],
      });
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
        points: [
          { x: px(from), y: y1 },
          { x: px(elbow), y: y1 },
          { x: px(elbow), y: y2 },
          { x: px(to), y: y2 },
        ],
      });
    }
  }
  const r = placed.get(root.id)!;
  return {
    cards,
    links,
    width,
    height,
    focus: { x: xOf(inlineOf(0), CARD_W) + CARD_W / 2, y: r.top + CARD_H / 2 },
    near: nearOf(cards, root.id),
  };
}

/** Space between two generations (rows) of the hourglass. */
export const GAP_ROW = 56;

/**
 * The hourglass: a person's ancestors above them and their descendants below, generation by
 * generation in rows; spouses beside each descendant. Rows run in the reading direction
 * (fathers, elder children first at the inline start), mirrored for right to left.
 */
export function layoutHourglass(up: TreeNode, down: TreeNode, rtl: boolean, size: CardSize = WIDE): ChartLayout {
  const CARD_W = size.w;
  const unitWidth = unitWidthOf(CARD_W);
  const ups = placeTree({ ...up, spouses: [] }, unitWidth, CARD_W, GAP_BLOCK);
  const downs = placeTree(down, unitWidth, CARD_W, GAP_BLOCK);
  const rowH = CARD_H + GAP_ROW;
  const upDepth = Math.max(0, ...[...ups.placed.values()].map((p) => p.depth));
  const downRows = [...downs.placed.values()].map((p) => p.depth);
  // Both halves share the root: line the ancestors up on the root's place among the descendants.
  const shift = downs.placed.get(down.id)!.top - ups.placed.get(up.id)!.top;
  const all: { p: Placed; side: "up" | "down"; left: number }[] = [
    ...[...ups.placed.values()].filter((p) => p.depth > 0).map((p) => ({ p, side: "up" as const, left: p.top + shift })),
    ...[...downs.placed.values()].map((p) => ({ p, side: "down" as const, left: p.top })),
  ];
  const minLeft = Math.min(...all.map((a) => a.left));
  const dx = MARGIN - minLeft;
  const width = Math.max(...all.map((a) => a.left + unitWidth(a.p.node))) + dx + MARGIN;
  const rootY = MARGIN + upDepth * rowH;
  const height = rootY + (Math.max(0, ...downRows) + 1) * rowH - GAP_ROW + MARGIN;
  const yOf = (side: "up" | "down", depth: number) => (side === "up" ? rootY - depth * rowH : rootY + depth * rowH);
  const xOf = (left: number, w: number) => (rtl ? width - (left + dx) - w : left + dx);
  const leftOf = new Map(all.map((a) => [`${a.side}:${a.p.node.id}`, a.left]));
  leftOf.set(`up:${up.id}`, leftOf.get(`down:${down.id}`)!);

  const cards: PlacedCard[] = [];
  const links: ChartLink[] = [];
  for (const { p, side, left } of all) {
    const { node, depth } = p;
    const x = xOf(left, CARD_W);
    const y = yOf(side, depth);
    const cx = x + CARD_W / 2;
    const edge = side === "up" ? y : y + CARD_H;
    cards.push({
      key: node.id,
      personId: node.id,
      x,
      y,
      w: CARD_W,
      h: CARD_H,
      generation: side === "up" ? depth : -depth,
      role: "person",
      toggle: toggleOf(side, node, depth, cx, edge),
    });
    if (side === "down")
      node.spouses.forEach((s, i) => {
        const sx = xOf(left + (i + 1) * (CARD_W + GAP_SPOUSE), CARD_W);
        cards.push({ key: `${node.id}+${s}`, personId: s, x: sx, y, w: CARD_W, h: CARD_H, generation: -depth, role: "spouse" });
        const a = rtl ? sx + CARD_W : sx - GAP_SPOUSE;
        links.push({
          key: `u:${node.id}+${s}`,
          kind: "union",
          points: [
            { x: a, y: y + CARD_H / 2 },
            { x: a + GAP_SPOUSE, y: y + CARD_H / 2 },
          ],
        });
      });
  }
  // Lines: from each person to their next generation, through an elbow halfway between rows.
  const linkSide = (pl: Placement, side: "up" | "down", root: TreeNode) => {
    for (const p of pl.placed.values()) {
      const fromX = xOf(leftOf.get(`${side}:${p.node.id}`) ?? leftOf.get(`${side}:${root.id}`)!, CARD_W) + CARD_W / 2;
      const y = yOf(side, p.depth);
      const y1 = side === "up" ? y : y + CARD_H;
      const mid = side === "up" ? y - GAP_ROW / 2 : y + CARD_H + GAP_ROW / 2;
      for (const c of pl.nextOf.get(p.node.id)!) {
        const toX = xOf(leftOf.get(`${side}:${c.id}`)!, CARD_W) + CARD_W / 2;
        const cy = yOf(side, p.depth + 1);
        const y2 = side === "up" ? cy + CARD_H : cy;
        links.push({
          key: `l:${side}:${p.node.id}>${c.id}`,
          kind: "lineage",
          points: [
            { x: fromX, y: y1 },
            { x: fromX, y: mid },
            { x: toX, y: mid },
            { x: toX, y: y2 },
          ],
        });
      }
    }
  };
  linkSide(ups, "up", up);
  linkSide(downs, "down", down);
  const rootCard = cards.find((c) => c.key === down.id)!;
  return { cards, links, width, height, focus: { x: rootCard.x + CARD_W / 2, y: rootCard.y + CARD_H / 2 }, near: nearOf(cards, down.id) };
}

/** The tree cut after `depth` generations (the cut people keep their cards, their branches go). */
const cutAt = (n: TreeNode, depth: number): TreeNode => ({ ...n, next: depth <= 0 ? [] : n.next.map((c) => cutAt(c, depth - 1)) });

/** The keys ("side:personId") that fold every branch of `n` beyond `depth` generations. */
function foldsBeyond(n: TreeNode, depth: number, side: string, out: Set<string>, seen = new Set<string>()): Set<string> {
  if (seen.has(n.id)) return out;
  seen.add(n.id);
  if (depth <= 0) {
    if (n.next.length) out.add(`${side}:${n.id}`);
  } else n.next.forEach((c) => foldsBeyond(c, depth - 1, side, out, seen));
  return out;
}

/** How many generations a tree has (the root alone: 0). */
const depthOf = (n: TreeNode, seen = new Set<string>()): number => {
  if (seen.has(n.id)) return 0;
  seen.add(n.id);
  return Math.max(0, ...n.next.map((c) => 1 + depthOf(c, seen)));
};

/**
 * The branches an hourglass opens with folded: on each side, every generation beyond the last one
 * whose rows still fit in `cards` card widths (parents and children always show). A full row of
 * great-grandparents is eight cards wide and would push the parents apart, off the screen, leaving
 * a gap above the person; folded, the half stays near them and a button unfolds it.
 */
export function hourglassFolds(up: TreeNode, down: TreeNode, cards = 6, size: CardSize = WIDE): Set<string> {
  const unitWidth = unitWidthOf(size.w);
  const budget = cards * size.w + (cards - 1) * GAP_BLOCK;
  const span = (n: TreeNode) => {
    const { placed } = placeTree(n, unitWidth, size.w, GAP_BLOCK);
    const ps = [...placed.values()];
    return Math.max(...ps.map((p) => p.top + unitWidth(p.node))) - Math.min(...ps.map((p) => p.top));
  };
  const folds = new Set<string>();
  const halves: [string, TreeNode][] = [
    ["up", { ...up, spouses: [] }],
    ["down", down],
  ];
  for (const [side, root] of halves) {
    const deepest = depthOf(root);
    let keep = 1;
    while (keep < deepest && span(cutAt(root, keep + 1)) <= budget) keep++;
    if (keep < deepest) foldsBeyond(root, keep, side, folds);
  }
  return folds;
}

/** How many people hang under a node (not counting spouses). */
export const countUnder = (n: TreeNode): number => n.next.reduce((s, c) => s + 1 + countUnder(c), 0);

/**
 * The tree with the chosen branches folded: a collapsed person keeps their card and shows how
 * many people they hide. `collapsed` holds keys "side:personId".
 */
export function collapseTree(n: TreeNode, collapsed: ReadonlySet<string>, side: "up" | "down"): TreeNode {
  if (collapsed.has(`${side}:${n.id}`) && n.next.length) return { ...n, next: [], hidden: countUnder(n) };
  return { ...n, next: n.next.map((c) => collapseTree(c, collapsed, side)) };
}

/** An SVG path through the points (straight segments). */
export const pathOf = (points: Point[]) => points.map((p, i) => `${i ? "L" : "M"}${p.x},${p.y}`).join(" ");

/** Two cards overlap (used by tests and as a guard). */
export const overlaps = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
