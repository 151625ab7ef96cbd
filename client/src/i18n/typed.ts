import type { TranslationKey } from "./keys";

export type { TranslationKey };

/**
 * `ROLE` → `role`, typed: `t(\`roles.${lower(role)}\`)` then type-checks that every value of the
 * union has its key (a role with no translation fails the build).
 */
export const lower = <S extends string>(value: S): Lowercase<S> => value.toLowerCase() as Lowercase<S>;

/**
 * A key made from data the type checker cannot see (a feature flag's name from the server): the
 * one unchecked way to a key. Such families are covered by tests instead.
 */
export const runtimeKey = (key: string): TranslationKey => key as TranslationKey;
