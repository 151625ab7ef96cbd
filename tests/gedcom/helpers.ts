/** Shared helpers for the GEDCOM core tests: the conformance corpus and tree canonicalisation. */
import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { GedcomNode } from "../../server/src/modules/ingestion/gedcom/index.js";

/**
 * The GEDCOM conformance corpus, vendored in the repository (origins and licences in its
 * SOURCES.md). Resolved from this file, never from the working directory, and never outside
 * the repository.
 */
export const CORPUS = fileURLToPath(new URL("../conformance/gedcom/", import.meta.url));

/** Fewer files than this means a broken or partial copy of the corpus (it holds 228 GEDCOM and GEDZIP files). */
const CORPUS_MIN_FILES = 200;

/**
 * Fails loudly when the corpus is missing or partial, so a suite built on it can never pass on
 * an empty `.each` table: called at module load, the whole file fails.
 */
function requireCorpus(root = CORPUS): void {
  if (!existsSync(path.join(root, "SOURCES.md")))
    throw new Error(`The GEDCOM conformance corpus is missing: expected ${root} (with its SOURCES.md) in the repository.`);
}

/** A small GEDCOM 5.5.1 file in UTF-8 holding `records` (their lines, from level 0). */
export const gedcom551 = (...records: string[]): Buffer =>
  Buffer.from(["0 HEAD", "1 GEDC", "2 VERS 5.5.1", "1 CHAR UTF-8", ...records, "0 TRLR", ""].join("\n"));

/** A corpus file by its path under the corpus; throws when it is not there. */
export function corpusFile(rel: string): string {
  requireCorpus();
  const file = path.join(CORPUS, rel);
  if (!existsSync(file)) throw new Error(`GEDCOM corpus file missing: ${file}`);
  return file;
}

/** Every .ged / .gdz file under the corpus, recursively; throws when the corpus is missing or partial. */
export function corpusFiles(root = CORPUS): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) visit(p);
      else if (/\.(ged|gdz)$/i.test(name)) out.push(p);
    }
  };
  requireCorpus(root);
  visit(root);
  if (out.length < CORPUS_MIN_FILES)
    throw new Error(`The GEDCOM conformance corpus at ${root} holds ${out.length} files; expected at least ${CORPUS_MIN_FILES}.`);
  return out;
}

/** A byte stream from a file, in small chunks so chunk boundaries are exercised. */
export function fileSource(file: string, highWaterMark = 16 * 1024): AsyncIterable<Uint8Array> {
  return createReadStream(file, { highWaterMark });
}

/** A byte stream from text or bytes, cut into chunks of `size` bytes. */
export async function* bytesSource(input: string | Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** Strips line numbers and levels so trees can be compared; keeps tag, xref, value, pointer, children order. */
export function shape(node: GedcomNode): unknown {
  const todo: [GedcomNode, Record<string, unknown>[]][] = [];
  const root: Record<string, unknown> = {};
  const make = (n: GedcomNode) => {
    const o: Record<string, unknown> = { tag: n.tag, children: [] as unknown[] };
    if (n.xref) o.xref = n.xref;
    if (n.value !== undefined) o.value = n.value;
    if (n.pointer) o.pointer = true;
    return o;
  };
  Object.assign(root, make(node));
  todo.push([node, root.children as Record<string, unknown>[]]);
  while (todo.length) {
    const [n, into] = todo.pop()!;
    for (const c of n.children) {
      const o = make(c);
      into.push(o);
      todo.push([c, o.children as Record<string, unknown>[]]);
    }
  }
  return root;
}

/**
 * Canonical text of a record for "same structure" comparisons: pointers and xrefs anonymised,
 * children order ignored (sorted), values compared exactly.
 */
export function canonical(node: GedcomNode, drop: (n: GedcomNode, parent: GedcomNode) => boolean = () => false): string {
  const kids = node.children
    .filter((c) => !drop(c, node))
    .map((c) => canonical(c, drop))
    .sort();
  const value = node.pointer ? "@ptr@" : (node.value ?? "");
  return `${node.xref ? "@x@ " : ""}${node.tag} ${JSON.stringify(value)}${kids.length ? " {" + kids.join(", ") + "}" : ""}`;
}
