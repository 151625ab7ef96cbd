import {
  getIntrospectionQuery,
  getNamedType,
  getNullableType,
  isAbstractType,
  isCompositeType,
  isListType,
  Kind,
  parse,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  valueFromAST,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import { DEFAULT_PAGE_SIZE } from "../common/pagination.js";

/**
 * What an operation asks of the server, worked out with its variables (a validation rule never
 * sees them, so `nodes(ids: $ids)` or `first: $n` were free): each object field costs 1 (a
 * lookup), each scalar field 0.1 (a value to send), and a list multiplies what is selected
 * inside it by how many items it may hold:
 * - `first` (a page) or `ids` (a batch of global ids), as given, literal or variable;
 * - else the field's own estimate, `@Extensions({ listSize })` on its resolver (every village
 *   point), or `listSizeFrom(args)` when its arguments tell (a lineage of `generations`);
 *   a list of scalars with a declared size costs that many values;
 * - else LIST_ESTIMATE; the `edges` of a page already counted by its `first` count once.
 * Introspection is counted the same way with the schema's real sizes (its types, their fields
 * and arguments, on average), against its own limit: a multiple of what graphql-js's own
 * introspection query costs, so tools work and a nested abuse of it does not.
 *
 * Fields that do heavy work on text (Markdown rendered, revisions compared) add one unit per
 * TEXT_UNIT characters of it: `@Extensions({ costFromText: ["content"] })` prices the text given
 * in those arguments; `@Extensions({ storedTexts: n })` prices n stored texts at the longest an
 * article may be (their length is not known before they are read).
 */

/** Costs in tenths: a scalar value, an object field (a lookup). */
const SCALAR = 1;
const OBJECT = 10;

/** Characters of text per unit of cost, for fields that parse, render or compare text. */
export const TEXT_UNIT = 100;

interface CostExtensions {
  listSize?: number;
  listSizeFrom?: (args: Record<string, unknown>) => number;
  costFromText?: readonly string[];
  storedTexts?: number;
}

/** Items assumed in a list that says nothing of its size. */
export const LIST_ESTIMATE = 10;

export interface OperationCost {
  cost: number;
  introspection: boolean;
}

type Sizes = Record<string, number>;
type Walk = { introspection: boolean; fragments: Map<string, FragmentDefinitionNode>; variables: Record<string, unknown> };

export class CostCalculator {
  private readonly introspectionSizes: Sizes;
  /** Highest cost of an introspection operation. */
  readonly introspectionLimit: number;

  constructor(
    private readonly schema: GraphQLSchema,
    /** The longest text a stored-text field may work on (an article's limit). */
    private readonly maxTextChars = 100_000,
  ) {
    const types = Object.values(schema.getTypeMap());
    const avg = (f: (t: GraphQLNamedType) => number) => Math.max(1, Math.ceil(types.reduce((n, t) => n + f(t), 0) / types.length));
    const fieldsOf = (t: GraphQLNamedType) => ("getFields" in t ? Object.values(t.getFields()) : []);
    this.introspectionSizes = {
      types: types.length,
      fields: avg((t) => fieldsOf(t).length),
      inputFields: avg((t) => fieldsOf(t).length),
      args: Math.max(
        1,
        Math.ceil(avg((t) => fieldsOf(t).reduce((n, f) => n + ("args" in f ? f.args.length : 0), 0)) / avg((t) => fieldsOf(t).length)),
      ),
      enumValues: avg((t) => ("getValues" in t ? t.getValues().length : 0)),
      interfaces: 2,
      possibleTypes: avg((t) => (isAbstractType(t) ? schema.getPossibleTypes(t).length : 0)),
      directives: schema.getDirectives().length,
      locations: 5,
    };
    const standard = this.cost(
      parse(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, inputValueDeprecation: true })),
      undefined,
      {},
    );
    this.introspectionLimit = standard.cost * 2;
  }

  /** The cost of the operation to run (the one named, or the only one) with these variables. */
  cost(
    document: DocumentNode,
    operationName: string | null | undefined,
    variables: Record<string, unknown> | null | undefined,
  ): OperationCost {
    const fragments = new Map<string, FragmentDefinitionNode>();
    let operation: OperationDefinitionNode | undefined;
    for (const def of document.definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
      else if (def.kind === Kind.OPERATION_DEFINITION && (!operationName || def.name?.value === operationName)) operation ??= def;
    }
    if (!operation) return { cost: 0, introspection: false };
    const root =
      operation.operation === "mutation"
        ? this.schema.getMutationType()
        : operation.operation === "subscription"
          ? this.schema.getSubscriptionType()
          : this.schema.getQueryType();
    if (!root) return { cost: 0, introspection: false };
    const state: Walk = { introspection: false, fragments, variables: variables ?? {} };
    // Counted in tenths (a scalar is 1, an object field 10), so sums stay whole numbers.
    const tenths = this.selectionCost(operation.selectionSet, root, false, state, new Set());
    return { cost: Math.ceil(tenths / 10), introspection: state.introspection };
  }

  private selectionCost(
    set: SelectionSetNode,
    parent: GraphQLNamedType,
    pageCounted: boolean,
    state: Walk,
    spreading: Set<string>,
  ): number {
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) total += this.fieldCost(sel, parent, pageCounted, state, spreading);
      else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const on = sel.typeCondition ? this.schema.getType(sel.typeCondition.name.value) : parent;
        total += this.selectionCost(sel.selectionSet, on ?? parent, pageCounted, state, spreading);
      } else {
        const name = sel.name.value;
        const fragment = state.fragments.get(name);
        // A fragment spread inside itself is refused by validation; never loop here.
        if (!fragment || spreading.has(name)) continue;
        spreading.add(name);
        total += this.selectionCost(
          fragment.selectionSet,
          this.schema.getType(fragment.typeCondition.name.value) ?? parent,
          pageCounted,
          state,
          spreading,
        );
        spreading.delete(name);
      }
    }
    return total;
  }

  private fieldCost(node: FieldNode, parent: GraphQLNamedType, pageCounted: boolean, state: Walk, spreading: Set<string>): number {
    const name = node.name.value;
    if (name === "__typename") return 0;
    const introspective = name.startsWith("__") || parent.name.startsWith("__");
    if (introspective) state.introspection = true;
    const field = this.field(parent, name);
    if (!field) return SCALAR;
    const type = getNamedType(field.type);
    const ext = field.extensions as CostExtensions | undefined;
    const text = ext?.costFromText || ext?.storedTexts ? this.textCost(node, field, ext, state.variables) : 0;
    if (!node.selectionSet || !isCompositeType(type)) {
      // A list of scalars with a declared size (a map's coordinates) sends that many values.
      const values = isListType(getNullableType(field.type)) && ext?.listSize ? ext.listSize : 1;
      return SCALAR * values + text;
    }
    const args = this.argumentValues(node, field, state.variables);
    const hasFirst = field.args.some((a) => a.name === "first");
    let size = 1;
    let page = false;
    if (hasFirst) {
      // A page without `first` (or with null) is the default page.
      size = Math.max(0, typeof args.first === "number" ? args.first : DEFAULT_PAGE_SIZE);
      page = true;
    } else if (Array.isArray(args.ids)) {
      size = args.ids.length;
    } else if (isListType(getNullableType(field.type))) {
      const declared = ext?.listSizeFrom ? ext.listSizeFrom(args) : ext?.listSize;
      size = introspective
        ? (this.introspectionSizes[name] ?? LIST_ESTIMATE)
        : pageCounted && (name === "edges" || name === "nodes")
          ? 1
          : (declared ?? LIST_ESTIMATE);
    }
    return OBJECT + text + size * this.selectionCost(node.selectionSet, type, page, state, spreading);
  }

  /** Tenths for the text a field works on: its text arguments' length, or its stored texts at their longest. */
  private textCost(
    node: FieldNode,
    field: GraphQLField<unknown, unknown>,
    ext: CostExtensions,
    variables: Record<string, unknown>,
  ): number {
    let chars = (ext.storedTexts ?? 0) * this.maxTextChars;
    if (ext.costFromText) {
      const args = this.argumentValues(node, field, variables);
      for (const name of ext.costFromText) chars += typeof args[name] === "string" ? args[name].length : 0;
    }
    return Math.ceil(chars / TEXT_UNIT) * OBJECT;
  }

  private field(parent: GraphQLNamedType, name: string): GraphQLField<unknown, unknown> | undefined {
    if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
    return "getFields" in parent ? (parent.getFields() as Record<string, GraphQLField<unknown, unknown>>)[name] : undefined;
  }

  /** Every argument of the field as the request gives it (a variable's value, or a literal), defaults included. */
  private argumentValues(
    node: FieldNode,
    field: GraphQLField<unknown, unknown>,
    variables: Record<string, unknown>,
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const def of field.args) {
      const given = node.arguments?.find((a) => a.name.value === def.name);
      out[def.name] = given
        ? given.value.kind === Kind.VARIABLE
          ? variables[given.value.name.value]
          : valueFromAST(given.value, def.type, variables)
        : def.defaultValue;
    }
    return out;
  }
}
