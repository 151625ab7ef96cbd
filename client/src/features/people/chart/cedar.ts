/**
 * The cedar: a person's descendants drawn as a cedar of Lebanon, pure and DOM-free. The
 * trunk is the root person; each generation is one flat tier of foliage (the cedar's
 * layered branches), narrowing towards the crown; the people are the leaves on their tier,
 * kept next to their siblings. Leaves run in the reading direction (mirrored for RTL).
 */
import type { TreeNode } from "./layout";

export const LEAF_W = 150;
export const TIER_H = 96;
const PAD = 40;
const TRUNK_H = 120;
const CROWN = 70;

export interface CedarLeaf {
  personId: string;
  parentId: string | null;
  generation: number;
  x: number;
  y: number;
}

export interface CedarTier {
  generation: number;
  y: number;
  /** Horizontal centre and half width of the foliage. */
  cx: number;
  half: number;
}

export interface CedarLayout {
  width: number;
  height: number;
  trunk: { cx: number; top: number; bottom: number; baseHalf: number; topHalf: number };
  tiers: CedarTier[];
  leaves: CedarLeaf[];
  root: { personId: string; x: number; y: number };
}

/** Generations in depth-first order, so siblings and cousins stay together on a tier. */
function generations(root: TreeNode): { id: string; parentId: string | null }[][] {
  const gens: { id: string; parentId: string | null }[][] = [];
  const seen = new Set<string>([root.id]);
  const walk = (n: TreeNode, depth: number) => {
    for (const c of n.next) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      (gens[depth] ??= []).push({ id: c.id, parentId: n.id });
      walk(c, depth + 1);
    }
  };
  walk(root, 0);
  return gens.filter(Boolean);
}

export function layoutCedar(root: TreeNode, rtl: boolean): CedarLayout {
  const gens = generations(root);
  const widest = Math.max(1, ...gens.map((g) => g.length));
  const width = Math.max(640, widest * LEAF_W + 2 * PAD);
  const cx = width / 2;
  const height = PAD + CROWN + gens.length * TIER_H + TRUNK_H + PAD;
  const trunkBottom = height - PAD;
  const trunkTop = trunkBottom - TRUNK_H;
  const full = width / 2 - PAD / 2;
  const tiers: CedarTier[] = [];
  const leaves: CedarLeaf[] = [];
  gens.forEach((list, i) => {
    const y = trunkTop - (i + 0.5) * TIER_H;
    // Cedar shape: wide low tiers, narrower towards the crown, but always room for the leaves.
    const taper = full * (1 - (0.55 * i) / Math.max(1, gens.length));
    const half = Math.min(full, Math.max(taper, (list.length * LEAF_W) / 2 + 10));
    tiers.push({ generation: i + 1, y, cx, half });
    const step = (2 * half) / list.length;
    list.forEach((p, j) => {
      const inline = cx - half + step * (j + 0.5);
      leaves.push({ personId: p.id, parentId: p.parentId, generation: i + 1, x: rtl ? width - inline : inline, y });
    });
  });
  return {
    width,
    height,
    trunk: {
      cx,
      top: gens.length ? trunkTop - gens.length * TIER_H + TIER_H / 2 : trunkTop,
      bottom: trunkBottom,
      baseHalf: 34,
      topHalf: 8,
    },
    tiers,
    leaves,
    root: { personId: root.id, x: cx, y: trunkBottom - 36 },
  };
}
