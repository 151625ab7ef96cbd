import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InMemoryCache, gql } from "@apollo/client";
import { CACHE_TYPE_POLICIES, ID_LESS_MERGED } from "./cachePolicies";

describe("the GraphQL cache's type policies", () => {
  it("merges every what-the-reader-may-do type of the schema, none forgotten when one is added", () => {
    const schema = readFileSync(`${__dirname}/../../../schema/schema.graphql`, "utf8");
    const idless = [...schema.matchAll(/^type (\w*ViewerCan) \{([^}]*)\}/gm)]
      .filter(([, , body]) => !/^\s*id:/m.test(body))
      .map(([, name]) => name);
    expect(idless.length).toBeGreaterThan(5);
    expect(Object.keys(CACHE_TYPE_POLICIES).sort()).toEqual([...idless, ...ID_LESS_MERGED].sort());
    for (const type of idless) expect(CACHE_TYPE_POLICIES[type]).toEqual({ merge: true });
  });

  it("keeps a person page's portrait sizes when a card of the same person reads only its thumbnail", () => {
    const cache = new InMemoryCache({ typePolicies: CACHE_TYPE_POLICIES });
    const page = gql`
      query Page {
        person(id: "P1") {
          id
          portrait {
            id
            image {
              thumb
              src
              width
            }
          }
        }
      }
    `;
    const card = gql`
      query Card {
        person(id: "P1") {
          id
          portrait {
            id
            image {
              thumb
            }
          }
        }
      }
    `;
    const image = { __typename: "MediaImage", thumb: "/t.webp", src: "/w480.jpg", width: 480 };
    const portrait = { __typename: "Media", id: "M1", image };
    cache.writeQuery({ query: page, data: { person: { __typename: "Person", id: "P1", portrait } } });
    cache.writeQuery({
      query: card,
      data: {
        person: { __typename: "Person", id: "P1", portrait: { ...portrait, image: { __typename: "MediaImage", thumb: "/t.webp" } } },
      },
    });
    expect(cache.readQuery({ query: page })).toEqual({ person: { __typename: "Person", id: "P1", portrait } });
  });
});
