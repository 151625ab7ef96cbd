import type { Principal } from "./principal.js";

/**
 * An area's rules for one kind of row: `can(principal, action, row)`, the one place its checks
 * live. `shown` are the actions a reader learns through the type's `viewerCan` field (the
 * client shows or hides buttons with them); the server asks `can` again before acting.
 * Manifests list their policies under the GraphQL type whose `viewerCan` they answer, and
 * tests/repo/policies.test.ts checks that every `…ViewerCan` type of the schema comes from one.
 */
export interface Policy<A extends string, R> {
  shown: readonly A[];
  can(who: Principal, action: A, row: R): boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a manifest lists policies of every row type
export type AnyPolicy = Policy<any, any>;

export const definePolicy = <A extends string, R>(
  shown: readonly A[],
  can: (who: Principal, action: A, row: R) => boolean,
): Policy<A, R> => ({
  shown,
  can,
});

/** The `viewerCan` object of a row: each shown action, asked of the policy. */
export function viewerCan<A extends string, R>(policy: Policy<A, R>, who: Principal, row: R): Record<A, boolean> {
  return Object.fromEntries(policy.shown.map((a) => [a, policy.can(who, a, row)])) as Record<A, boolean>;
}

/** SQL a list query adds to its WHERE so it returns only rows the principal may see, with its parameters from `$first`. */
export interface VisibleSql {
  sql: string;
  params: unknown[];
}
