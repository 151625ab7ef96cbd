// `npm run bench -- rootpedia`: an article of 5,000 words with 100 citations (footnotes into the tree,
// in Arabic) rendered the way Rootpedia shows it (parse, check, citations resolved, sanitise, HTML),
// and the word diff of two such revisions (200 words changed, two paragraphs moved), each against the
// raw library call in the same run: unified with remark and rehype-stringify and no checks or
// sanitiser, and `diff`'s diffWords. Then the side-by-side comparison of the same two revisions (the
// history's: Markdown read, context collapsed, sentences) against that word diff (goal ≤ 2×). Last, the
// comparison's Markdown reader on lines of unmatched marks 10× longer than each other (goal: linear, ≈ 10×).
// Ratios printed; reported, never failing.
import { diffWords } from "diff";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { checkMarkdown, renderMarkdown } from "../server/src/modules/rootpedia/markdown.js";
import { compareTexts } from "../server/src/modules/rootpedia/compare.js";
import { readBlock } from "../server/src/modules/rootpedia/diff-reading.js";
import { revisionDiff } from "../server/src/modules/rootpedia/words.js";

const WORDS = ["هاجر", "يوسف", "الخوري", "من", "زحلة", "إلى", "البرازيل", "سنة", "١٨٩٥،", "وعمل", "في", "التجارة", "مع", "أخيه", "بطرس."];
const RUNS = Number(process.env.BENCH_ROOTPEDIA_RUNS ?? 30);

function article(seed: number): string {
  const paragraphs: string[] = [];
  let words = 0;
  for (let p = 0; words < 5000; p++) {
    const n = 50;
    const text = Array.from({ length: n }, (_, i) => WORDS[(i * 7 + p * 3 + seed * (i % 13 === 0 ? 1 : 0)) % WORDS.length]).join(" ");
    // 100 citations in all: a footnote on each of the first 100 paragraphs.
    paragraphs.push(p < 100 ? `${text}[^${p + 1}]` : text);
    words += n;
  }
  const notes = Array.from({ length: 100 }, (_, i) => `[^${i + 1}]: [يوسف الخوري ${i + 1}](roots:person/UGVyc29uOj${i})`);
  return [`## تاريخ`, "", ...paragraphs.join("\n\n").split("\n"), "", ...notes].join("\n");
}

function time(fn: () => unknown): number {
  fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
}

/** Two functions timed in turn, run by run, so a busy host slows both alike: each one's median. */
function timeBoth(a: () => unknown, b: () => unknown): [number, number] {
  a();
  b();
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    a();
    sa.push(performance.now() - t);
    t = performance.now();
    b();
    sb.push(performance.now() - t);
  }
  const median = (s: number[]) => s.sort((x, y) => x - y)[Math.floor(s.length / 2)];
  return [median(sa), median(sb)];
}

export async function benchRootpedia(): Promise<boolean> {
  const a = article(0);
  const paragraphs = a.split("\n\n");
  // 200 words changed across the text, and two paragraphs moved to the end.
  const changed = paragraphs.map((p, i) => (i % 5 === 1 ? p.replace("البرازيل", "الأرجنتين").replace("التجارة", "الزراعة") : p));
  const b = [...changed.slice(0, 3), ...changed.slice(5, -101), changed[3], changed[4], ...changed.slice(-101)].join("\n\n");
  const words = a.split(/\s+/).length;
  const raw = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify);
  console.log(`\n## Rootpedia: an article of ${words} words with 100 citations (median of ${RUNS} runs)`);
  const render = time(() => {
    checkMarkdown(a);
    renderMarkdown(a, (c) => `/person/${c.id}`);
  });
  const rawRender = time(() => String(raw.processSync(a)));
  // The side-by-side comparison against the word diff, in turn: the ratio the goal is about.
  const [diff, sideBySide] = timeBoth(
    () => revisionDiff(a, b, "ar"),
    () => compareTexts(a, b, "ar"),
  );
  const rawDiff = time(() => diffWords(a, b));
  const line = (name: string, ms: number, base: number) =>
    console.log(`${name.padEnd(52)} ${ms.toFixed(1).padStart(7)} ms   ${(ms / base).toFixed(2)}× the raw call (${base.toFixed(1)} ms)`);
  line("render (check, citations, sanitise) vs unified alone", render, rawRender);
  line("revision diff (paragraphs, then words) vs diffWords", diff, rawDiff);
  console.log(
    `${"side-by-side diff (Markdown, context) vs revision diff".padEnd(52)} ${sideBySide.toFixed(1).padStart(7)} ms   ${(sideBySide / diff).toFixed(2)}× the revision diff (goal ≤ 2×)`,
  );
  // The reader must stay linear on hostile lines (thousands of unmatched marks, a heading of spaces).
  const hostile = (n: number) => () => {
    readBlock("[*_`(".repeat(n));
    readBlock(`# ${" ".repeat(n * 2)}x`);
  };
  const [small, large] = timeBoth(hostile(10_000), hostile(100_000));
  console.log(
    `${"diff reader, unmatched marks ×10 (500,000 vs 50,000)".padEnd(52)} ${large.toFixed(1).padStart(7)} ms   ${(large / small).toFixed(2)}× the short line (goal ≈ 10×, linear)`,
  );
  return true;
}
