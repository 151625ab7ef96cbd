import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { diff, CriticalityLevel, type Change } from "@graphql-inspector/core";
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLEnumValue,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLSchema,
} from "graphql";

/**
 * Schema releases (issue 40): the public GraphQL schema as partners were given it, one file a
 * release, `schema/releases/<YYYY-MM-DD>.graphql`. The schema of the day is compared with the
 * newest release (@graphql-inspector/core): a breaking change is allowed only for what releases
 * deprecated with `@deprecated(reason: "… after YYYY-MM-DD")`, that date 90 days or more after the
 * first release that carried the notice, and passed.
 */
export const RELEASES_DIR = fileURLToPath(new URL("../../../schema/releases/", import.meta.url));

/** Days partners are given between a release announcing a removal and the removal. */
export const NOTICE_DAYS = 90;

export interface Release {
  /** YYYY-MM-DD, from the file's name. */
  date: string;
  sdl: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The releases in `dir`, oldest first (none when the folder does not exist yet). */
export function readReleases(dir = RELEASES_DIR): Release[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith(".graphql") && DATE.test(n.slice(0, -".graphql".length)))
    .sort()
    .map((n) => ({ date: n.slice(0, -".graphql".length), sdl: readFileSync(path.join(dir, n), "utf8") }));
}

/** The file a release of `date` is written to. */
export const releaseFile = (date: string, dir = RELEASES_DIR) => path.join(dir, `${date}.graphql`);

/** A date as YYYY-MM-DD (UTC). */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

/** The date a deprecation reason names: the last `after YYYY-MM-DD` in it. */
export function removalDate(reason: string | null | undefined): string | null {
  const all = [...(reason ?? "").matchAll(/\bafter (\d{4}-\d{2}-\d{2})\b/g)];
  const day = all.at(-1)?.[1];
  return day && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && addDays(day, 0) === day ? day : null;
}

type Deprecatable = GraphQLField<unknown, unknown> | GraphQLArgument | GraphQLInputField | GraphQLEnumValue;

/**
 * What a change's path names in a schema, and the things it belongs to, innermost first:
 * `Type.field.argument` gives the argument, then the field; `Enum.VALUE` the value;
 * `Input.field` the input field. A type alone gives nothing (types cannot be deprecated).
 */
function deprecatablesAt(schema: GraphQLSchema, pathText: string): Deprecatable[] {
  const [typeName, member, argument] = pathText.split(".");
  const type = schema.getType(typeName);
  if (!type || member === undefined) return [];
  if (isEnumType(type)) {
    const value = type.getValue(member);
    return value ? [value] : [];
  }
  if (isInputObjectType(type)) {
    const field = type.getFields()[member];
    return field ? [field] : [];
  }
  if (isObjectType(type) || isInterfaceType(type)) {
    const field = type.getFields()[member];
    if (!field) return [];
    const arg = argument === undefined ? undefined : field.args.find((a) => a.name === argument);
    return arg ? [arg, field] : [field];
  }
  return [];
}

/** The fields, arguments and input fields of `schema` whose type is `typeName`, as paths. */
function usesOfType(schema: GraphQLSchema, typeName: string): string[] {
  const uses: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__")) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (getNamedType(field.type).name === typeName) uses.push(`${type.name}.${field.name}`);
        for (const arg of field.args) if (getNamedType(arg.type).name === typeName) uses.push(`${type.name}.${field.name}.${arg.name}`);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields()))
        if (getNamedType(field.type).name === typeName) uses.push(`${type.name}.${field.name}`);
    }
  }
  return uses;
}

export interface Verdict {
  change: Change;
  /** Whether the breaking change may ship. */
  allowed: boolean;
  /** Why, in a sentence. */
  why: string;
}

export interface DiffReport {
  /** The release compared with (null when there is none yet: nothing to compare). */
  release: string | null;
  breaking: Verdict[];
  dangerous: Change[];
  safe: Change[];
  ok: boolean;
}

/**
 * Compares `current` (SDL) with the newest of `releases` (oldest first) on `today` (YYYY-MM-DD).
 * A breaking change passes when what it removes or changes (or the field an argument belongs to)
 * is deprecated in the newest release with a reason ending `after YYYY-MM-DD`, that date is at
 * least NOTICE_DAYS after the first release in a row, up to the newest, that carried the same
 * notice, and the date has passed. A removed type passes when every field and argument of the
 * newest release that used it passes so.
 */
export async function compareWithReleases(current: string, releases: readonly Release[], today: string): Promise<DiffReport> {
  const newest = releases.at(-1);
  if (!newest) return { release: null, breaking: [], dangerous: [], safe: [], ok: true };
  const built = releases.map((r) => ({ date: r.date, schema: buildSchema(r.sdl) }));
  const released = built.at(-1)!.schema;
  const changes = await diff(released, buildSchema(current));

  /** The verdict on one path of the newest release: a notice in force and run out, or why not. */
  const noticeAt = (pathText: string): { allowed: boolean; why: string } => {
    const items = deprecatablesAt(released, pathText);
    const deprecated = items.find((i) => i.deprecationReason != null);
    if (!deprecated) {
      return {
        allowed: false,
        why: `${pathText} is not deprecated in release ${newest.date}. Deprecate it first with @deprecated(reason: "… after YYYY-MM-DD"), a date at least ${NOTICE_DAYS} days after the release that announces it, release, and remove it once that date has passed.`,
      };
    }
    const day = removalDate(deprecated.deprecationReason);
    if (!day)
      return {
        allowed: false,
        why: `${pathText} is deprecated in release ${newest.date} ("${deprecated.deprecationReason}") without a date: the reason must end with "after YYYY-MM-DD".`,
      };
    // The first release, going back from the newest, that already carried this notice.
    let since = newest.date;
    for (let i = built.length - 2; i >= 0; i--) {
      const before = deprecatablesAt(built[i].schema, pathText).find((x) => x.deprecationReason != null);
      if (!before || removalDate(before.deprecationReason) !== day) break;
      since = built[i].date;
    }
    const earliest = addDays(since, NOTICE_DAYS);
    if (day < earliest)
      return {
        allowed: false,
        why: `${pathText} is deprecated "after ${day}", but release ${since} announced it: the date must be ${earliest} or later (${NOTICE_DAYS} days' notice).`,
      };
    if (today <= day)
      return {
        allowed: false,
        why: `${pathText} is deprecated "after ${day}" (released ${since}); that date has not passed yet (today is ${today}).`,
      };
    return { allowed: true, why: `deprecated in release ${since} "after ${day}", which has passed.` };
  };

  const breaking: Verdict[] = [];
  const dangerous: Change[] = [];
  const safe: Change[] = [];
  for (const change of changes) {
    if (change.criticality.level === CriticalityLevel.NonBreaking) safe.push(change);
    else if (change.criticality.level === CriticalityLevel.Dangerous) dangerous.push(change);
    else {
      const at = change.path ?? "";
      if (at && !at.includes(".") && change.type === "TYPE_REMOVED") {
        const uses = usesOfType(released, at);
        const refused = uses.map((u) => noticeAt(u)).find((v) => !v.allowed);
        breaking.push(
          uses.length === 0
            ? { change, allowed: false, why: `no field or argument of release ${newest.date} uses ${at}: it cannot have been deprecated.` }
            : refused
              ? { change, allowed: false, why: `${at} is still used where no notice has run out: ${refused.why}` }
              : { change, allowed: true, why: `every field and argument that used it was deprecated and its date has passed.` },
        );
      } else if (!at) {
        breaking.push({ change, allowed: false, why: "nothing in the schema can be deprecated for this change." });
      } else {
        breaking.push({ change, ...noticeAt(at) });
      }
    }
  }
  return { release: newest.date, breaking, dangerous, safe, ok: breaking.every((v) => v.allowed) };
}

/** The report as the command prints it. */
export function formatReport(report: DiffReport, releaseShown: string): string {
  if (report.release === null) return "No schema release yet: nothing to compare (`npm run schema -- --release` makes the first).";
  const lines: string[] = [];
  const total = report.breaking.length + report.dangerous.length + report.safe.length;
  lines.push(`${total} change(s) since ${releaseShown}:`);
  for (const v of report.breaking)
    lines.push(
      `  ${v.allowed ? "✓ breaking, allowed" : "✗ BREAKING"}: ${v.change.message}${v.change.path ? ` (${v.change.path})` : ""}\n      ${v.why}`,
    );
  for (const c of report.dangerous)
    lines.push(`  ! dangerous: ${c.message}${c.criticality.reason ? `\n      ${c.criticality.reason}` : ""}`);
  for (const c of report.safe) lines.push(`  + ${c.message}`);
  const refused = report.breaking.filter((v) => !v.allowed).length;
  lines.push(
    refused
      ? `${refused} breaking change(s) not allowed: partners' applications would break. Restore what was removed or changed, or deprecate it first (see above).`
      : "No breaking change that partners were not given notice of.",
  );
  return lines.join("\n");
}
