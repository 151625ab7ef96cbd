import { registerEnumType } from "type-graphql";

/**
 * A GraphQL enum over a list of stored values: `church` is written `CHURCH` in the API and
 * reaches resolvers as `church`, so the database and the code keep their values while the
 * schema refuses anything else before a resolver runs.
 */
export function storedValuesEnum<const V extends readonly string[]>(
  values: V,
  name: string,
  description: string,
): { [K in V[number] as Uppercase<K>]: K } {
  const object = Object.fromEntries(values.map((v) => [v.toUpperCase(), v])) as { [K in V[number] as Uppercase<K>]: K };
  registerEnumType(object, { name, description });
  return object;
}
