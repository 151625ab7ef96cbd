import { expect, type APIRequestContext } from "@playwright/test";

/** One GraphQL call through the site's own endpoint (as a visitor, or with `token`); it must succeed. */
export async function gql<T>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const res = await request.post("/graphql", {
    data: { query, variables },
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = (await res.json()) as { data: T; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data;
}
