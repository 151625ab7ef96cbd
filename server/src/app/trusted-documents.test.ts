import { createHash } from "node:crypto";
import { describe, expect, it } from "@jest/globals";
import { anonymousViewer } from "../common/auth/viewer.js";
import type { AppActor, Principal } from "../common/auth/principal.js";
import { TrustedDocuments, withTypenames } from "./trusted-documents.js";

const TEXT = "query Villages { villages { edges { node { id name } } } }";
const HASH = createHash("sha256").update(TEXT).digest("hex");
const documents = { [`sha256:${HASH}`]: TEXT };
const visitor: Principal = { kind: "visitor" };
const actor = (scopes: string[]) => ({ appId: "a-1", clientId: "c-1", accountId: null, scopes, budget: 100 }) as AppActor;
const app: Principal = { kind: "app", app: actor(["public:read"]), member: null };
const appForMember: Principal = { kind: "app", app: actor(["tree:read"]), member: anonymousViewer() };
const hashed = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });
const code = (admission: ReturnType<TrustedDocuments["admit"]>) =>
  admission && "refused" in admission ? admission.refused.code : admission;

describe("trusted documents", () => {
  const enforced = new TrustedDocuments(documents, true);
  const open = new TrustedDocuments(documents, false);

  it("run a known hash (hex, or as codegen writes it) as its document with __typename added, for anyone", () => {
    const expected = { query: withTypenames(TEXT) };
    for (const trusted of [enforced, open])
      for (const principal of [visitor, app])
        for (const hash of [HASH, `sha256:${HASH}`, HASH.toUpperCase()])
          expect(trusted.admit({ extensions: hashed(hash) }, principal)).toEqual(expected);
    // As Apollo Client asks: on every selection but the operation's root.
    expect(expected.query).toBe(
      "query Villages {\n  villages {\n    edges {\n      node {\n        id\n        name\n        __typename\n      }\n      __typename\n    }\n    __typename\n  }\n}",
    );
  });

  it("refuse anything else from a request without an app token when enforced", () => {
    expect(code(enforced.admit({ query: TEXT }, visitor))).toBe("PERSISTED_QUERY_NOT_FOUND");
    expect(code(enforced.admit({ query: "{ __schema { types { name } } }" }, visitor))).toBe("PERSISTED_QUERY_NOT_FOUND");
    expect(code(enforced.admit({ extensions: hashed("0".repeat(64)) }, visitor))).toBe("PERSISTED_QUERY_NOT_FOUND");
    expect(code(enforced.admit({ query: TEXT, extensions: hashed("0".repeat(64)) }, visitor))).toBe("PERSISTED_QUERY_NOT_FOUND");
    expect(code(enforced.admit({}, visitor))).toBe("PERSISTED_QUERY_NOT_FOUND");
  });

  it("let a partner app (alone or for a member) send a document whole, introspection included", () => {
    for (const principal of [app, appForMember]) {
      expect(enforced.admit({ query: "{ __schema { types { name } } }" }, principal)).toBeNull();
      expect(enforced.admit({ query: TEXT, extensions: hashed("0".repeat(64)) }, principal)).toEqual({ query: TEXT });
      expect(code(enforced.admit({ extensions: hashed("0".repeat(64)) }, principal))).toBe("PERSISTED_QUERY_NOT_FOUND");
    }
  });

  it("when not enforced, leave a whole document alone and run one sent with an unknown hash, learning nothing", () => {
    expect(open.admit({ query: TEXT }, visitor)).toBeNull();
    expect(code(open.admit({ extensions: hashed("1".repeat(64)) }, visitor))).toBe("PERSISTED_QUERY_NOT_FOUND");
    expect(open.admit({ query: "{ __typename }", extensions: hashed("1".repeat(64)) }, visitor)).toEqual({ query: "{ __typename }" });
    expect(code(open.admit({ extensions: hashed("1".repeat(64)) }, visitor))).toBe("PERSISTED_QUERY_NOT_FOUND");
    expect(open.size).toBe(1);
  });

  it("stop the server from starting when enforced without the manifest", () => {
    expect(() => TrustedDocuments.load(true, "/nonexistent/persisted-documents.json")).toThrow(/GRAPHQL_TRUSTED_DOCUMENTS is on but/);
    expect(TrustedDocuments.load(false, "/nonexistent/persisted-documents.json").size).toBe(0);
  });

  it("load the generated manifest", () => {
    expect(TrustedDocuments.load(true).size).toBeGreaterThan(100);
  });
});
