import ts from "typescript";

/** A table a source file writes or reads, where, and how. */
export interface TableUse {
  table: string;
  write: boolean;
  line: number;
  /** The statement's words, for the failure message. */
  how: string;
}

/** A write whose table is not spelled out (`UPDATE "${table}"`): the ownership test refuses it. */
export const DYNAMIC = "<dynamic>";

/** SQL writes: INSERT INTO, UPDATE (not FOR UPDATE, not DO UPDATE), DELETE FROM, TRUNCATE, MERGE INTO. */
const WRITE =
  /(?<![A-Za-z_])(INSERT\s+INTO|(?<!(?:FOR|DO|KEY)\s+)UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?|MERGE\s+INTO)\s+(?:ONLY\s+)?("?)([a-z_][a-z0-9_]*|§)\2/g;
/** SQL reads: FROM and JOIN (and a DELETE's USING). */
const READ = /(?<![A-Za-z_])(FROM|JOIN|USING)\s+(?:ONLY\s+|LATERAL\s+)?("?)([a-z_][a-z0-9_]*)\2/g;
/** Words that follow UPDATE or FROM without naming a table. */
const NOT_TABLES = new Set(["set", "of", "nowait", "skip", "unnest", "jsonb_array_elements", "generate_series", "jsonb_each", "json_each"]);

/** Helpers of common/ that write the table named by their first string argument. */
const TABLE_WRITERS: Record<string, number> = { insertRow: 1, moveVillageColumn: 0, moveVillageUnique: 0 };
/** TypeORM calls that write the entity they are given (repository or manager). */
const ORM_WRITES = new Set(["save", "insert", "upsert", "update", "delete", "remove", "softDelete", "restore", "increment", "decrement"]);

/** The text of a string or template literal, each `${…}` replaced by §. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => `§${s.literal.text}`).join("");
  return null;
}

/**
 * Every table the file's SQL strings and TypeORM calls write or read. `entityTables` maps an
 * entity class name to its table, for `getRepository(Entity).save(…)`, `tx.insert(Entity, …)` and
 * QueryBuilder writes (`.insert().into(Entity)`, `.update(Entity)`, `.delete().from(Entity)`).
 */
export function tableUses(fileName: string, text: string, entityTables: ReadonlyMap<string, string>): TableUse[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const uses: TableUse[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const entityOf = (node: ts.Node | undefined) => (node && ts.isIdentifier(node) ? entityTables.get(node.text) : undefined);

  const visit = (node: ts.Node): void => {
    const sqlText = literalText(node);
    if (sqlText !== null) {
      for (const m of sqlText.matchAll(WRITE)) {
        const table = m[3] === "§" ? DYNAMIC : m[3];
        if (!NOT_TABLES.has(table)) uses.push({ table, write: true, line: lineOf(node), how: m[0].replace(/\s+/g, " ") });
      }
      for (const m of sqlText.matchAll(READ))
        if (!NOT_TABLES.has(m[3])) uses.push({ table: m[3], write: false, line: lineOf(node), how: m[0].replace(/\s+/g, " ") });
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
      // common/ helpers that write the table they are told.
      if (ts.isIdentifier(callee) && name in TABLE_WRITERS) {
        const arg = node.arguments[TABLE_WRITERS[name]];
        const table = arg && ts.isStringLiteralLike(arg) ? arg.text : DYNAMIC;
        uses.push({ table, write: true, line: lineOf(node), how: `${name}(…)` });
      }
      if (ts.isPropertyAccessExpression(callee)) {
        const receiver = callee.expression;
        // manager.save(Entity, …), manager.insert(Entity, …)
        const direct = ORM_WRITES.has(name) ? entityOf(node.arguments[0]) : undefined;
        // getRepository(Entity).save(…)
        const viaRepository =
          ORM_WRITES.has(name) && ts.isCallExpression(receiver) && ts.isPropertyAccessExpression(receiver.expression)
            ? receiver.expression.name.text === "getRepository"
              ? entityOf(receiver.arguments[0])
              : undefined
            : undefined;
        // QueryBuilder: .into(Entity) after insert(), .update(Entity), .from(Entity) after delete()
        const builder = ["into", "update", "from"].includes(name) && /\.(insert|delete)\(\)\s*$/.test(receiver.getText(source).slice(-12));
        const viaBuilder = builder || (name === "update" && node.arguments.length === 1) ? entityOf(node.arguments[0]) : undefined;
        const table = direct ?? viaRepository ?? viaBuilder;
        if (table) uses.push({ table, write: true, line: lineOf(node), how: `${name}(${node.arguments[0]?.getText(source) ?? ""})` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}
