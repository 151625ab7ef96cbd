import { Kind, type FieldNode, type FragmentDefinitionNode, type GraphQLResolveInfo, type SelectionSetNode } from "graphql";

type Fragments = Readonly<Record<string, FragmentDefinitionNode>>;

/** The fields of a selection set, fragments and inline fragments spread in. */
function fieldsOf(set: SelectionSetNode | undefined, fragments: Fragments, out: FieldNode[] = [], seen = new Set<string>()): FieldNode[] {
  for (const s of set?.selections ?? []) {
    if (s.kind === Kind.FIELD) out.push(s);
    else if (s.kind === Kind.INLINE_FRAGMENT) fieldsOf(s.selectionSet, fragments, out, seen);
    else if (!seen.has(s.name.value)) {
      seen.add(s.name.value);
      fieldsOf(fragments[s.name.value]?.selectionSet, fragments, out, seen);
    }
  }
  return out;
}

/**
 * The names of the fields selected at `path` below the given fields (e.g. ["person"] under
 * `ancestors`), across aliases, fragments and every field node of a merged selection. A
 * superset: fields under @skip/@include count as selected, so a caller that loads only what
 * is selected never misses a field.
 */
export function selectedFieldNames(nodes: readonly FieldNode[], fragments: Fragments, path: readonly string[] = []): Set<string> {
  let level: FieldNode[] = [...nodes];
  for (const name of path) level = level.flatMap((n) => fieldsOf(n.selectionSet, fragments)).filter((f) => f.name.value === name);
  return new Set(level.flatMap((n) => fieldsOf(n.selectionSet, fragments)).map((f) => f.name.value));
}

/** selectedFieldNames for the field being resolved. */
export const selectedFields = (info: GraphQLResolveInfo, path: readonly string[] = []): Set<string> =>
  selectedFieldNames(info.fieldNodes, info.fragments, path);
