import { gql } from "@apollo/client";
import { describe, expect, it, vi } from "vitest";
import type { ViewerFieldsFragment } from "../gql/graphql";

// The server answers in the language a request names, after a moment (a request in flight).
const asked: { language: string; body: string }[] = [];
let release: (() => void)[] = [];
vi.stubGlobal(
  "fetch",
  vi.fn(async (_url: string, init: { headers: Record<string, string>; body: string }) => {
    const language = init.headers["x-roots-language"];
    asked.push({ language, body: init.body });
    await new Promise<void>((r) => release.push(r));
    const data = init.body.includes("mutation") ? { rename: language } : { name: language === "en" ? "Sami Haddad" : "سامي الحداد" };
    return new Response(JSON.stringify({ data }), { headers: { "content-type": "application/json" } });
  }),
);
const answerAll = async () => {
  while (release.length) {
    const waiting = release;
    release = [];
    waiting.forEach((r) => r());
    await new Promise((r) => setTimeout(r, 10));
  }
};
const { session } = await import("./auth/session");
const { createApolloClient } = await import("./apollo");
const { initI18n, changeLanguage } = await import("../i18n/index");

const NAME = gql`
  query Name {
    name
  }
`;

describe("Apollo client and the reader's language", () => {
  it("a query answered after the reader switched language is asked again in the new one; a mutation is not sent twice", async () => {
    await initI18n({ ar: { translation: {} }, en: { translation: {} }, fr: { translation: {} } }, "ar");
    session.apply({ signedIn: true, accessToken: "t", accessTokenExpiresAt: null, viewer: { id: "u-1" } as ViewerFieldsFragment });
    const client = createApolloClient();
    const seen: unknown[] = [];
    const sub = client.watchQuery({ query: NAME, fetchPolicy: "cache-and-network" }).subscribe((r) => seen.push(r.data));
    await new Promise((r) => setTimeout(r, 10));
    expect(asked.map((a) => a.language)).toEqual(["ar"]);

    // The reader switches while the Arabic request is in flight; the refetch made for the switch
    // shares that request.
    await changeLanguage("en");
    await answerAll();
    expect(asked.map((a) => a.language)).toEqual(["ar", "en"]);
    expect(client.readQuery({ query: NAME })).toEqual({ name: "Sami Haddad" });
    expect(seen.at(-1)).toEqual({ name: "Sami Haddad" });
    sub.unsubscribe();

    // A mutation answered after a switch keeps its answer: it is never sent again.
    asked.length = 0;
    const done = client.mutate({
      mutation: gql`
        mutation Rename {
          rename
        }
      `,
    });
    await new Promise((r) => setTimeout(r, 10));
    await changeLanguage("ar");
    await answerAll();
    expect((await done).data).toEqual({ rename: "en" });
    expect(asked.filter((a) => a.body.includes("mutation"))).toHaveLength(1);
  });
});
