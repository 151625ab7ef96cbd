import { gql } from "@apollo/client";
import { describe, expect, it, vi } from "vitest";
import type { ViewerFieldsFragment } from "../gql/graphql";

const sent: string[] = [];
vi.stubGlobal(
  "fetch",
  vi.fn(async (_url: string, init: { body: string }) => {
    sent.push(init.body);
    return new Response(JSON.stringify({ data: { ping: "from the network" } }), { headers: { "content-type": "application/json" } });
  }),
);
const { session } = await import("./auth/session");
const { createApolloClient } = await import("./apollo");

const PING = gql`
  query Ping {
    ping
  }
`;
const rendered = (viewer: string | null) => ({
  rootspace: "lebanon",
  viewer,
  flags: null,
  cache: { ROOT_QUERY: { __typename: "Query", ping: "from the server" } },
});
const signIn = (id: string) =>
  session.apply({ signedIn: true, accessToken: `token-${id}`, accessTokenExpiresAt: null, viewer: { id } as ViewerFieldsFragment });
const settle = () => new Promise((r) => setTimeout(r, 20));

// A page the server rendered (first-screen/server-render.tsx) carries the data it was made of, and
// for whom: a member's own view is theirs alone, and a visitor's anyone's until a member is known.
describe("the data a page was rendered with", () => {
  it("is kept for the member it was rendered for, without asking again", async () => {
    session.renderFor(null); // the session is being restored
    const client = createApolloClient({ serverData: rendered("u-1") });
    expect(client.readQuery({ query: PING })).toEqual({ ping: "from the server" });
    signIn("u-1");
    await settle();
    expect((await client.query({ query: PING })).data).toEqual({ ping: "from the server" });
    expect(sent).toEqual([]);
  });

  it("is never shown to anyone else: another member, or a visitor, known before or after", async () => {
    signIn("u-2");
    expect(createApolloClient({ serverData: rendered("u-1") }).readQuery({ query: PING })).toBeNull();
    expect(createApolloClient({ serverData: rendered(null) }).readQuery({ query: PING })).toBeNull();
    session.renderFor(null);
    const client = createApolloClient({ serverData: rendered("u-1") });
    signIn("u-3");
    await settle();
    expect(client.readQuery({ query: PING })).toBeNull();
  });

  it("rendered for a visitor, is a visitor's until a member is known, whose own view is asked for", async () => {
    session.renderFor(null);
    const client = createApolloClient({ serverData: rendered(null) });
    const watching = client.watchQuery({ query: PING }).subscribe(() => undefined);
    expect(client.readQuery({ query: PING })).toEqual({ ping: "from the server" });
    signIn("u-4");
    await settle();
    expect(client.readQuery({ query: PING })).toEqual({ ping: "from the network" });
    watching.unsubscribe();
  });
});
