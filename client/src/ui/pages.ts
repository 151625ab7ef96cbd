/**
 * Which page numbers a pager shows: always the first and last, the current one and its
 * neighbours, and "gap" where pages are skipped (1 … 4 5 6 … 20). Pages count from 1.
 */
export function pageWindow(page: number, pageCount: number, around = 1): (number | "gap")[] {
  if (pageCount <= 0) return [];
  const shown = new Set([1, pageCount]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= pageCount) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((p, i) => {
    if (i > 0) {
      const gap = p - sorted[i - 1];
      if (gap === 2) out.push(p - 1);
      else if (gap > 2) out.push("gap");
    }
    out.push(p);
  });
  return out;
}
