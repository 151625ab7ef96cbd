/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field by the assertions below. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { TestClock } from "../support/clock.js";
import { badFields, buildPerson, buildVillage } from "../support/genealogy.js";
import { uploadImport, waitForJob } from "../support/imports.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * "In the future" and "already over" are read on the server's clock, not the wall clock: on a
 * server whose clock says mid-2100, a birth in 2090 is in the past and a curator's term ending
 * in 2099 is over. (On the wall clock both would read the other way.)
 */
const clock = new TestClock(new Date("2100-06-01T12:00:00Z"));
let server: TestServer;
let member: BuiltUser;
let admin: BuiltUser;
let village: { id: string; raw: string };

beforeAll(async () => {
  server = await startTestServer(
    { STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-clock-")), IMPORT_POLL_MS: "100", IMPORT_PROGRESS_MS: "10" },
    { clock },
  );
  member = await buildUser(server.ds, { clock });
  admin = await buildUser(server.ds, { clock, roles: [{ role: Role.ADMIN }] });
  village = await buildVillage(server, "Bsharri");
});
afterAll(() => server.stop());

const CREATE_PERSON = `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`;
const CREATE_EVENT = `mutation ($input: EventInput!) { createEvent(input: $input) { id } }`;
const ADD_ENTRY = `mutation ($input: RegistryEntryInput!) { addRegistryEntry(input: $input) { id } }`;
const ASSIGN = `mutation ($input: CuratorAssignmentInput!) { assignVillageCurator(input: $input) { expiresAt } }`;

describe("business rules on the server's clock", () => {
  it("a person's dates are in the future only after the clock's today", async () => {
    expect((await server.gql(CREATE_PERSON, { input: { fullName: "Born 2090", birthDate: "2090" } }, { token: member.token })).errors).toBe(
      undefined,
    );
    const later = await server.gql(CREATE_PERSON, { input: { fullName: "Born 2101", birthDate: "2101" } }, { token: member.token });
    expect(badFields(later)).toEqual(["birthDate"]);
    expect((later.errors![0].extensions!.fields as { key: string }[])[0].key).toBe("errors.date_in_future");
  });

  it("so are a life event's date and an emigrant's departure year", async () => {
    const person = await buildPerson(server, member, { fullName: "Emigrant 2090", birthDate: "2090", villageId: village.id });
    const event = (date: string) =>
      server.gql(CREATE_EVENT, { input: { type: "EMIGRATION", primaryPersonId: person, date } }, { token: member.token });
    expect((await event("2095")).errors).toBeUndefined();
    expect(badFields(await event("2101"))).toEqual(["date"]);
    const entry = (departureYear: number) =>
      server.gql(
        ADD_ENTRY,
        { input: { villageId: village.id, personId: person, destinationCountry: "BR", departureYear } },
        { token: member.token },
      );
    expect((await entry(2095)).errors).toBeUndefined();
    expect(badFields(await entry(2101))).toEqual(["departureYear"]);
  });

  it("a curator's term cannot end before the clock's now", async () => {
    const curator = await buildUser(server.ds, { clock });
    const userId = Buffer.from(`User:${curator.id}`).toString("base64url");
    const assign = (expiresAt: string) =>
      server.gql(ASSIGN, { input: { userId, villageId: village.id, expiresAt } }, { token: admin.token });
    expect(badFields(await assign("2099-12-31T00:00:00Z"))).toEqual(["expiresAt"]);
    expect((await assign("2101-01-01T00:00:00Z")).errors).toBeUndefined();
  });

  it("an import reads the day of its clock", async () => {
    const sheet = ["Name,Gender,Birth date", "Youssef 2090,M,2090", "Mariam 2101,F,2101"].join("\n");
    const up = await uploadImport(server, member.token, "spreadsheet", "future.csv", sheet);
    expect(up.status).toBe(201);
    await waitForJob(server, member.token, up.id!, ["review"]);
    const records = await server.gql<any>(
      `query($id: ID!) { importRecords(jobId: $id, filter: "errors") { edges { node { line errors } } } }`,
      { id: up.id },
      { token: member.token },
    );
    expect(records.data.importRecords.edges.map((e: any) => e.node)).toEqual([{ line: 3, errors: [expect.stringMatching(/future/i)] }]);
  });
});
