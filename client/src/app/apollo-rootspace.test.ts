import { gql } from "@apollo/client";
import { describe, expect, it, vi } from "vitest";
import type { ViewerFieldsFragment } from "../gql/graphql";

const sent: Record<string, string>[] = [];
let refuse = false;
vi.stubGlobal(
  "fetch",
  vi.fn(async (_url: string, init: { headers: Record<string, string> }) => {
    sent.push(init.headers);
    if (refuse) {
      return new Response(
        JSON.stringify({
          errors: [{ message: "There is no open rootspace", extensions: { code: "BAD_USER_INPUT", key: "errors.unknown_rootspace" } }],
        }),
        {
          status: 400,
          headers: { "content-type": "application/json" },
        },
      );
    }
    return new Response(JSON.stringify({ data: { ping: "pong" } }), { headers: { "content-type": "application/json" } });
  }),
);
const { session } = await import("./auth/session");
const { createApolloClient } = await import("./apollo");
const { chooseRootspace, currentRootspaceSlug } = await import("../lib/rootspace");

describe("Apollo client and the current rootspace", () => {
  it("names the stored choice, else lebanon, in X-Rootspace; a new choice empties the cache; a choice the server refuses is forgotten", async () => {
    session.apply({
      signedIn: true,
      accessToken: "member-token",
      accessTokenExpiresAt: null,
      viewer: { id: "u-1" } as ViewerFieldsFragment,
    });
    const client = createApolloClient();
    const PING = gql`
      query Ping {
        ping
      }
    `;
    await client.query({ query: PING });
    expect(sent.at(-1)!["x-rootspace"]).toBe("lebanon");

    chooseRootspace("syria");
    await new Promise((r) => setTimeout(r, 0));
    // Nothing cached belongs to the newly chosen rootspace.
    expect(client.readQuery({ query: PING })).toBeNull();
    await client.query({ query: PING });
    expect(sent.at(-1)!["x-rootspace"]).toBe("syria");

    refuse = true;
    await expect(client.query({ query: PING, fetchPolicy: "network-only" })).rejects.toThrow();
    expect(currentRootspaceSlug()).toBe("lebanon");
    refuse = false;
    await client.query({ query: PING, fetchPolicy: "network-only" });
    expect(sent.at(-1)!["x-rootspace"]).toBe("lebanon");
  });
});
