import { gql } from "@apollo/client";
import { describe, expect, it, vi } from "vitest";
import type { ViewerFieldsFragment } from "../gql/graphql";

const sent: Record<string, string>[] = [];
vi.stubGlobal(
  "fetch",
  vi.fn(async (_url: string, init: { headers: Record<string, string> }) => {
    sent.push(init.headers);
    return new Response(JSON.stringify({ data: { ping: "pong" } }), { headers: { "content-type": "application/json" } });
  }),
);
const { session } = await import("./auth/session");
const { createApolloClient } = await import("./apollo");

describe("Apollo client and the session", () => {
  it("a page opened while the session is being restored asks only once it is known, with the member's token, and keeps the answer", async () => {
    expect(session.getState().status).toBe("loading");
    const client = createApolloClient();
    const PING = gql`
      query Ping {
        ping
      }
    `;
    const answer = client.query({ query: PING });
    await new Promise((r) => setTimeout(r, 30));
    expect(sent).toEqual([]);
    session.apply({
      signedIn: true,
      accessToken: "member-token",
      accessTokenExpiresAt: null,
      viewer: { id: "u-1" } as ViewerFieldsFragment,
    });
    expect((await answer).data).toEqual({ ping: "pong" });
    expect(sent).toHaveLength(1);
    expect(sent[0].authorization).toBe("Bearer member-token");
    // Restoring the session cleared nothing: the answer is still cached.
    expect(client.readQuery({ query: PING })).toEqual({ ping: "pong" });
    // Another member signing in afterwards does clear it.
    session.apply({
      signedIn: true,
      accessToken: "other-token",
      accessTokenExpiresAt: null,
      viewer: { id: "u-2" } as ViewerFieldsFragment,
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(client.readQuery({ query: PING })).toBeNull();
  });
});
