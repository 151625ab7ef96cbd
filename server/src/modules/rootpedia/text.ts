import type { Config } from "../../config.js";
import { AppError, ErrorCode } from "../../common/errors.js";
import { createWorkPool, PoolBusy, TaskTimedOut, type WorkPool } from "../../common/work-pool.js";
import { MarkdownRefused, roughPlainText, type Citation, type Rendered, type RenderLabels } from "./markdown.js";
import * as tasks from "./text-tasks.js";
import type { Checked } from "./text-tasks.js";
import type { Comparison } from "./compare.js";
import { paragraphs, type DiffPart } from "./words.js";

/**
 * Rootpedia's heavy text work as the rest of the area calls it: each runs in the worker pool
 * (text-worker.ts runs text-tasks.ts) within TEXT_WORK_TIMEOUT_MS, and answers what a reader can
 * still use when it takes too long: a check refuses the text as too complex, a render shows it as
 * plain paragraphs, a diff shows the whole texts replaced, a merge is a conflict.
 */

type Cfg = Pick<Config, "TEXT_WORK_THREADS" | "TEXT_WORK_TIMEOUT_MS">;

let pool: WorkPool | null = null;
const poolOf = (config: Cfg): WorkPool => {
  const ext = import.meta.url.endsWith(".ts") ? ".ts" : ".js";
  pool ??= createWorkPool({
    module: new URL(`./text-worker${ext}`, import.meta.url),
    threads: config.TEXT_WORK_THREADS,
    timeoutMs: config.TEXT_WORK_TIMEOUT_MS,
  });
  return pool;
};

type Task = keyof typeof tasks;

/**
 * Small texts are worked here, on the event loop, without a thread's round trip: a text of at most
 * INLINE_CHARS characters with at most INLINE_MARKS Markdown marks (what parsing's worst cases
 * grow with: unmatched emphasis, brackets) costs well under a millisecond or two.
 */
const INLINE_CHARS = 4000;
const INLINE_MARKS = 200;
const small = (...texts: string[]) =>
  texts.reduce((n, t) => n + t.length, 0) <= INLINE_CHARS &&
  texts.reduce((n, t) => n + (t.match(/[*_[\]`~!<>|\\]/g)?.length ?? 0), 0) <= INLINE_MARKS;

/** Runs a task; `fallback` answers a timeout. A full queue is RATE_LIMITED (try again in a few seconds). */
async function work<I, R>(config: Cfg, task: Task, input: I, texts: string[], fallback: () => R): Promise<R> {
  if (small(...texts)) return (tasks[task] as unknown as (input: I) => R)(input);
  try {
    return await poolOf(config).run<I, R>(task, input);
  } catch (err) {
    if (err instanceof TaskTimedOut) return fallback();
    if (err instanceof PoolBusy) throw new AppError(ErrorCode.RATE_LIMITED, "errors.rate_limited", { wait: 1 }, [], 5);
    throw err;
  }
}

/** The text took longer to check than any article should: refused as too complex. */
export class TooComplex extends Error {
  constructor() {
    super("rootpedia.too_complex");
  }
}

/** The citations of Markdown that may be saved; throws MarkdownRefused, or TooComplex. */
export async function checkText(config: Cfg, content: string): Promise<Citation[]> {
  const checked = await work<string, Checked | null>(config, "check", content, [content], () => null);
  if (!checked) throw new TooComplex();
  if ("refused" in checked) throw new MarkdownRefused(checked.refused.key, checked.refused.params);
  return checked.citations;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Safe HTML of checked Markdown and its headings, each citation by its address for this reader (`kind/id`). */
export const renderText = (config: Cfg, content: string, links: Record<string, string | null>, labels: RenderLabels): Promise<Rendered> =>
  work(config, "render", { content, links, labels }, [content], () => ({
    html: paragraphs(content)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join("\n"),
    headings: [],
  }));

/** The words of Markdown without its marks (search). */
export const plainTextOf = (config: Cfg, content: string): Promise<string> =>
  work(config, "plain", content, [content], () => roughPlainText(content));

/** Two revisions compared as readers follow them (words.ts' `revisionDiff`). */
export const diffTexts = (config: Cfg, before: string, after: string, language: string): Promise<DiffPart[]> =>
  work(config, "diff", { before, after, language }, [before, after], () =>
    [
      { kind: "removed" as const, text: before, coarse: true },
      { kind: "added" as const, text: after, coarse: true },
    ].filter((p) => p.text),
  );

/** Two revisions side by side, as readers follow them (compare.ts); past the time limit, their paragraphs whole as plain text. */
export const compareRevisionTexts = (config: Cfg, before: string, after: string, language: string): Promise<Comparison> =>
  work(config, "compare", { before, after, language }, [before, after], () => {
    const plain = (text: string, change: "removed" | "added") =>
      paragraphs(text)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => ({ type: "paragraph" as const, level: 0, label: null, spans: [{ text: p, change, marks: 0, href: null }] }));
    const rows = [
      { kind: "changed" as const, before: plain(before, "removed"), after: plain(after, "added"), moveId: null, coarse: true, skipped: 0 },
    ];
    return { rows, coarse: true };
  });

/** The paragraphs of `after` new or changed since `before`. */
export const changedParagraphsOf = (config: Cfg, before: string, after: string): Promise<string[]> =>
  work(config, "changed", { before, after }, [before, after], () =>
    paragraphs(after)
      .map((p) => p.trim())
      .filter(Boolean),
  );

/** Three-way merge of an edit on a stale base; null when both changed the same lines (or it took too long). */
export const mergeTexts = (config: Cfg, base: string, theirs: string, mine: string): Promise<string | null> =>
  work(config, "merge", { base, theirs, mine }, [base, theirs, mine], () => null);

/** Starts a worker thread before the first request needs one (a server's start). */
export async function warmTextWork(config: Cfg): Promise<void> {
  await poolOf(config).run("check", "");
}
