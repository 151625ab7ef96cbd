import {
  Kind,
  type DocumentNode,
  type FieldNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import { Directive, Extensions } from "type-graphql";
import { AppError, ErrorCode } from "../errors.js";
import type { Principal } from "./principal.js";

/**
 * What partner apps may ask for (issue 40). Deny by default: a root field answers an app token
 * only when it names the scope it needs (`OpenToApps`), and the app holds that scope.
 */
export const APP_SCOPES = ["public:read", "profile:read", "tree:read", "tree:export", "tree:import"] as const;
export type AppScope = (typeof APP_SCOPES)[number];

export const isAppScope = (s: string): s is AppScope => (APP_SCOPES as readonly string[]).includes(s);

/** What `node(id)` returns to an app: villages, the tree's records and their pictures (never members, money or staff records). */
export const APP_NODE_TYPES: ReadonlySet<string> = new Set(["Village", "Person", "Family", "Event", "Media", "Rootspace"]);

/** The scopes that let an app act with the consenting member's rights (their tree as they see it). */
export const MEMBER_SCOPES: readonly AppScope[] = ["tree:read", "tree:export", "tree:import"];

/**
 * Opens a root field to partner apps holding `scope`, and prints `@scope(requires: "…")` in the
 * schema so partners read the rule where they read the field.
 */
export function OpenToApps(scope: AppScope | "any"): MethodDecorator & PropertyDecorator {
  const extension = Extensions({ appScope: scope });
  const directive = Directive(`@scope(requires: "${scope}")`);
  return (target: object, key: string | symbol, descriptor?: PropertyDescriptor) => {
    extension(target, key, descriptor as TypedPropertyDescriptor<unknown>);
    directive(target, key, descriptor as TypedPropertyDescriptor<unknown>);
  };
}

/** The scope a root field names (`any`: every app token, whatever its scopes), or null when it is closed to apps. */
export function scopeOfField(type: GraphQLObjectType, field: string): AppScope | "any" | null {
  const scope = type.getFields()[field]?.extensions?.appScope;
  return typeof scope === "string" && (scope === "any" || isAppScope(scope)) ? scope : null;
}

/** An app token without the scope `field` needs (FORBIDDEN, translated). */
export const scopeMissingError = (field: string, scope: AppScope): AppError =>
  new AppError(ErrorCode.FORBIDDEN, "partners.errors.scope_missing", { field, scope });

const INTROSPECTION = new Set(["__typename", "__schema", "__type"]);

/** The root fields an operation selects, through fragments spread or inlined at its root. */
function rootFields(set: SelectionSetNode, document: DocumentNode, seen = new Set<string>()): FieldNode[] {
  const out: FieldNode[] = [];
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) out.push(sel);
    else if (sel.kind === Kind.INLINE_FRAGMENT) out.push(...rootFields(sel.selectionSet, document, seen));
    else if (!seen.has(sel.name.value)) {
      seen.add(sel.name.value);
      const fragment = document.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === sel.name.value);
      if (fragment?.kind === Kind.FRAGMENT_DEFINITION) out.push(...rootFields(fragment.selectionSet, document, seen));
    }
  }
  return out;
}

/**
 * Refuses an app's operation that selects a root field closed to apps (accounts, money, ballots,
 * staff work: FORBIDDEN) or one whose scope the app was not granted. Null for members, visitors,
 * and an app within its scopes.
 */
export function appScopeError(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  document: DocumentNode,
  who: Principal,
): AppError | null {
  if (who.kind !== "app") return null;
  const root =
    operation.operation === "query"
      ? schema.getQueryType()
      : operation.operation === "mutation"
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  if (!root) return null;
  for (const field of rootFields(operation.selectionSet, document)) {
    const name = field.name.value;
    if (INTROSPECTION.has(name)) continue;
    const scope = scopeOfField(root, name);
    if (!scope) return new AppError(ErrorCode.FORBIDDEN, "partners.errors.closed_to_apps", { field: name });
    if (scope !== "any" && !who.app.scopes.includes(scope)) return scopeMissingError(name, scope);
  }
  return null;
}
