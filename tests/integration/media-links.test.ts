import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildPerson } from "../support/genealogy.js";
import { portraitWithGps, processAll, uploadMedia } from "../support/media.js";
import { REDIS_URL, requireRedis } from "../support/redis.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A deleted picture's signed links stop working at once: its row is checked on every request,
 * and every instance (two here, sharing Redis) hears of the deletion through the event bus and
 * refuses its links without asking the database.
 */
let a: TestServer;
let b: TestServer;
let owner: BuiltUser;
beforeAll(async () => {
  await requireRedis();
  const env = {
    STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-media-links-")),
    REDIS_URL,
    MEDIA_URL_SECRET: "a secret both servers share, 32+ chars",
  };
  a = await startTestServer(env);
  b = await startTestServer(env, { shareDatabaseWith: a });
  owner = await buildUser(a.ds, { roles: [{ role: Role.MEMBER }] });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

async function portraitLink(person: string): Promise<{ id: string; src: string }> {
  const res = await a.gql<{ person: { portrait: { id: string; image: { src: string } } } }>(
    `query ($id: ID!) { person(id: $id) { portrait { id image { src } } } }`,
    { id: person },
    { token: owner.token },
  );
  return { id: res.data!.person.portrait.id, src: res.data!.person.portrait.image.src };
}
const status = async (server: TestServer, src: string) => (await fetch(`${server.url}${src}`)).status;

describe("a deleted picture's links", () => {
  it("stop working at once on the instance that deleted it and on another one", async () => {
    const person = await buildPerson(a, owner, { fullName: "Samir Aoun", birthDate: "1970" });
    expect((await uploadMedia(a, owner.token, person, "portrait", portraitWithGps())).status).toBe(201);
    await processAll(a);
    const { id, src } = await portraitLink(person);
    expect(await status(a, src)).toBe(200);
    expect(await status(b, src)).toBe(200);
    const deleted = await a.gql(`mutation ($id: ID!) { deleteMedia(id: $id) }`, { id }, { token: owner.token });
    expect(deleted.errors).toBeUndefined();
    expect(await status(a, src)).toBe(404);
    // The other instance heard of it through the bus: it refuses the link without a query for its row.
    for (let i = 0; i < 100 && b.queries.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    b.queries.length = 0;
    expect(await status(b, src)).toBe(404);
    expect(b.queries.filter((q) => /FROM media\b/.test(q))).toEqual([]);
  });

  it("stop working when a new portrait replaces it, though the same file stays another picture's", async () => {
    const person = await buildPerson(a, owner, { fullName: "Rita Aoun", birthDate: "1972" });
    expect((await uploadMedia(a, owner.token, person, "portrait", portraitWithGps())).status).toBe(201);
    await processAll(a);
    const first = await portraitLink(person);
    expect(await status(b, first.src)).toBe(200);
    // The same file uploaded again as the portrait: a new picture, the old row deleted.
    expect((await uploadMedia(a, owner.token, person, "portrait", portraitWithGps())).status).toBe(201);
    await processAll(a);
    const second = await portraitLink(person);
    expect(second.id).not.toBe(first.id);
    expect(await status(a, second.src)).toBe(200);
    expect(await status(a, first.src)).toBe(404);
    expect(await status(b, first.src)).toBe(404);
  });

  it("stop working when their row goes by a cascade (no event: the row check refuses them)", async () => {
    const person = await buildPerson(a, owner, { fullName: "Fadi Aoun", birthDate: "1975" });
    const up = await uploadMedia(a, owner.token, person, "photo", portraitWithGps());
    expect(up.status).toBe(201);
    await processAll(a);
    const res = await a.gql<{ node: { image: { src: string } } }>(
      `query ($id: ID!) { node(id: $id) { ... on Media { image { src } } } }`,
      { id: up.body.id },
      { token: owner.token },
    );
    const src = res.data!.node.image.src;
    expect(await status(b, src)).toBe(200);
    // As when a person is deleted with their pictures: the rows go, and nothing is published.
    await a.ds.query(`DELETE FROM media WHERE person_id IN (SELECT id FROM people WHERE full_name = 'Fadi Aoun')`);
    expect(await status(b, src)).toBe(404);
  });
});
