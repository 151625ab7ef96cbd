import type { TestServer } from "./server.js";
import type { BuiltUser } from "../factories/users.js";

/** Global id as the server writes it. */
export const gid = (type: string, id: string): string => Buffer.from(`${type}:${id}`).toString("base64url");

/** Inserts a public village with a unique slug; returns its global id and raw id. */
export async function buildVillage(server: Pick<TestServer, "ds">, name: string): Promise<{ id: string; raw: string; slug: string }> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Math.random().toString(36).slice(2, 8)}`;
  const [v]: { id: string }[] = await server.ds.query(
    `INSERT INTO villages (id, rootspace_id, name, slug) VALUES (gen_random_uuid(), 'lb', $1, $2) RETURNING id`,
    [name, slug],
  );
  return { id: gid("Village", v.id), raw: v.id, slug };
}

/** Creates a person through the API (as `user`); returns the global id. */
export async function buildPerson(server: TestServer, user: BuiltUser, input: Record<string, unknown>): Promise<string> {
  const res = await server.gql<{ createPerson: { id: string } }>(
    `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`,
    { input },
    { token: user.token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.createPerson.id;
}

/** The fields named in a BAD_USER_INPUT error. */
export const badFields = (res: { errors?: { extensions?: Record<string, unknown> }[] }): string[] =>
  ((res.errors?.[0]?.extensions?.fields as { field: string }[] | undefined) ?? []).map((f) => f.field);
