import { gql } from "@apollo/client";
import { parse, print } from "graphql";
import { describe, expect, it, vi } from "vitest";
import manifest from "../gql/persisted-documents.json";
import { FeatureFlagsDocument, RefreshSessionDocument, SignOutDocument } from "../gql/graphql";
import { documentHash } from "../lib/trustedDocuments";
import { FEATURE_FLAGS_QUERY } from "./flags";

/** What each request carried, and the answers to give (the default: data). */
const sent: Record<string, unknown>[] = [];
const answers: object[] = [];
vi.stubGlobal(
  "fetch",
  vi.fn(async (_url: string, init: { body: string }) => {
    sent.push(JSON.parse(init.body) as Record<string, unknown>);
    const body = answers.shift() ?? { data: { featureFlags: [{ __typename: "FeatureFlag", key: "tree", enabled: true }] } };
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  }),
);
const { session } = await import("./auth/session");
const { createApolloClient } = await import("./apollo");
session.apply(null);

describe("trusted documents in the client", () => {
  it("every generated operation carries the sha256 hash the manifest knows it by", () => {
    for (const document of [FeatureFlagsDocument, RefreshSessionDocument, SignOutDocument]) {
      const hash = documentHash(document)!;
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(Object.keys(manifest)).toContain(`sha256:${hash}`);
    }
  });

  it("the flags' plain request is the FeatureFlags operation of system.graphql", () => {
    expect(print(parse(FEATURE_FLAGS_QUERY))).toEqual(print(FeatureFlagsDocument));
  });

  it("sends a generated operation by its hash alone, and whole again only when the server does not know it", async () => {
    const client = createApolloClient();
    sent.length = 0;
    await client.query({ query: FeatureFlagsDocument, fetchPolicy: "network-only" });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      operationName: "FeatureFlags",
      extensions: { persistedQuery: { version: 1, sha256Hash: documentHash(FeatureFlagsDocument) } },
    });
    expect(sent[0].query).toBeUndefined();
    sent.length = 0;
    answers.push({ errors: [{ message: "unknown", extensions: { code: "PERSISTED_QUERY_NOT_FOUND" } }] });
    await client.query({ query: FeatureFlagsDocument, fetchPolicy: "network-only" });
    expect(sent).toHaveLength(2);
    expect(sent[0].query).toBeUndefined();
    expect(sent[1]).toMatchObject({ operationName: "FeatureFlags", query: expect.stringContaining("featureFlags") });
  });

  it("sends a document codegen did not write whole, without a hash", async () => {
    const client = createApolloClient();
    sent.length = 0;
    answers.push({ data: { ping: "pong" } });
    await client.query({ query: gql(`query Ping { ping }`) });
    expect(sent).toHaveLength(1);
    expect(sent[0].extensions).not.toHaveProperty("persistedQuery");
    expect(sent[0].query).toContain("ping");
  });
});
