import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { translate } from "../../server/src/common/i18n.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildPerson, buildVillage, gid } from "../support/genealogy.js";
import { portraitWithGps, uploadMedia } from "../support/media.js";
import { REDIS_URL, requireRedis } from "../support/redis.js";
import { startTestServer, type GqlResult, type TestServer } from "../support/server.js";

/**
 * A flag switched off takes its whole part with it, on every instance: fields of other areas
 * that answer its records, HTTP routes addressing them, citations of them, and the subscriptions
 * that are open (ended at once with the reason, in the reader's language).
 */

const SET = `mutation ($key: String!, $enabled: Boolean!) { setFeatureFlag(key: $key, enabled: $enabled) { key } }`;
const DISABLED_FR = translate("errors.area_disabled", "fr");

let a: TestServer | undefined;
let b: TestServer | undefined;
let admin: BuiltUser;
let member: BuiltUser;
let personId: string;

const setFlag = async (key: string, enabled: boolean) => {
  expect((await a!.gql(SET, { key, enabled }, { token: admin.token })).errors).toBeUndefined();
};
/** Asks instance B until `check` passes: it learns of a change made through A by the bus. */
async function onB(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("instance B never saw the change");
}
const refused = (res: GqlResult) => res.errors?.[0]?.extensions?.key === "errors.area_disabled";

beforeAll(async () => {
  await requireRedis();
  a = await startTestServer({ REDIS_URL });
  b = await startTestServer({ REDIS_URL }, { shareDatabaseWith: a });
  admin = await buildUser(a.ds, { roles: [{ role: Role.ADMIN }] });
  member = await buildUser(a.ds);
  const village = await buildVillage(a, "Bcharre");
  personId = await buildPerson(a, member, { fullName: "Gibran Khalil", birthDate: "1883", deathDate: "1931", villageId: village.id });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

describe("a flag switched off", () => {
  it("villageHubs: a person's events (a field of the family tree answering hub records) refuse", async () => {
    const EVENTS = `query ($id: ID!) { node(id: $id) { ... on Person { displayName events { id } } } }`;
    expect((await b!.gql(EVENTS, { id: personId }, { token: member.token })).errors).toBeUndefined();
    await setFlag("villageHubs", false);
    try {
      await onB(async () => refused(await b!.gql(EVENTS, { id: personId }, { token: member.token })));
      const res = await b!.gql<{ node: unknown }>(EVENTS, { id: personId }, { token: member.token, language: "fr" });
      expect(res.errors?.[0]).toMatchObject({ message: DISABLED_FR, path: ["node", "events"] });
    } finally {
      await setFlag("villageHubs", true);
    }
  });

  it("familyTree: myRoots, an upload to a person and a Rootpedia citation of a person stop; villages still answer", async () => {
    const PREVIEW = `query ($c: String!) { rootpediaPreview(content: $c) }`;
    const cited = `[Gibran Khalil](roots:person/${personId}) of [Bcharre](roots:village/bcharre)`;
    const before = await b!.gql<{ rootpediaPreview: string }>(PREVIEW, { c: cited }, { token: member.token });
    expect(before.data!.rootpediaPreview).toContain(`href="/person/${personId}"`);
    expect((await b!.gql(`{ myRoots { village { slug } } }`, {}, { token: member.token })).errors).toBeUndefined();

    await setFlag("familyTree", false);
    try {
      await onB(async () => refused(await b!.gql(`{ myRoots { village { slug } } }`, {}, { token: member.token })));
      const upload = await uploadMedia(b!, member.token, personId, "photo", portraitWithGps(), "fr");
      expect(upload).toEqual({ status: 403, body: { error: "errors.area_disabled", message: DISABLED_FR } });
      expect(await b!.ds.query(`SELECT 1 FROM media`)).toEqual([]);
      const after = await b!.gql<{ rootpediaPreview: string }>(PREVIEW, { c: cited }, { token: member.token });
      expect(after.errors).toBeUndefined();
      expect(after.data!.rootpediaPreview).toContain("Gibran Khalil");
      expect(after.data!.rootpediaPreview).not.toContain("/person/");
      // The core stays: a village, and a citation of it.
      expect(after.data!.rootpediaPreview).toContain(`href="/libanpedia/bcharre"`);
    } finally {
      await setFlag("familyTree", true);
    }
    await onB(async () => !refused(await b!.gql(`{ myRoots { village { slug } } }`, {}, { token: member.token })));
    expect((await uploadMedia(b!, member.token, personId, "photo", portraitWithGps())).status).toBe(201);
  });

  it("familyTree: an open subscription of the part, on another instance, ends at once with the translated reason", async () => {
    const client = b!.ws({ token: member.token, language: "fr" });
    const ended = new Promise<{ results: GqlResult[]; completed: boolean }>((resolve) => {
      const results: GqlResult[] = [];
      client.subscribe(
        {
          query: `subscription ($id: ID!) { importJobUpdated(id: $id) { id } }`,
          variables: { id: gid("ImportJob", "0190d5a0-0000-7000-8000-000000000001") },
        },
        {
          next: (v) => results.push({ status: 200, ...(v as object) }),
          error: (e) => resolve({ results: [{ status: 200, errors: e as never }], completed: false }),
          complete: () => resolve({ results, completed: true }),
        },
      );
    });
    // The subscription is in place on B: the server has it among its operations.
    await new Promise((r) => setTimeout(r, 500));
    await setFlag("familyTree", false);
    try {
      const { results, completed } = await ended;
      expect(completed).toBe(true);
      expect(results).toHaveLength(1);
      expect(results[0].errors?.[0]).toMatchObject({
        message: DISABLED_FR,
        extensions: { code: "FORBIDDEN", key: "errors.area_disabled" },
      });
    } finally {
      await client.dispose();
      await setFlag("familyTree", true);
    }
  });
});
