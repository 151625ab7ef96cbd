import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { startTestServer, wsOnce, type GqlResult, type TestServer } from "../support/server.js";

/** Each input an outside probe turned into INTERNAL_SERVER_ERROR: now a coded, translated refusal or a plain answer. */
let server: TestServer;
let member: BuiltUser;
beforeAll(async () => {
  server = await startTestServer();
  member = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }] });
});
afterAll(() => server.stop());

const codes = (r: GqlResult) => (r.errors ?? []).map((e) => e.extensions?.code);
const count = async (table: string) => Number((await server.ds.query(`SELECT count(*) AS n FROM ${table}`))[0].n);

describe("searches made only of vowels", () => {
  it.each(["a", "aa", "é", "Aya", "Ea", "ي"])("%s finds what it finds, without an error, in people and villages", async (search) => {
    const people = await server.gql(
      `query($s: String) { people(search: $s, first: 5) { totalCount } }`,
      { s: search },
      { token: member.token },
    );
    const villages = await server.gql(`query($s: String) { villages(search: $s, first: 5) { totalCount } }`, { s: search });
    expect(people.errors).toBeUndefined();
    expect(villages.errors).toBeUndefined();
    expect(typeof (villages.data as { villages: { totalCount: number } }).villages.totalCount).toBe("number");
  });
});

describe("text that cannot be stored (NUL, lone surrogates)", () => {
  it.each([
    ["createPerson", `mutation($v: String!) { createPerson(input: { fullName: $v }) { id } }`],
    ["createFamily", `mutation($v: String!) { createFamily(input: { familyName: $v }) { id } }`],
    ["updateProfile", `mutation($v: String!) { updateProfile(input: { displayName: $v }) { id } }`],
    ["signIn's email", `mutation($v: String!) { signIn(input: { email: $v, password: "cedar-roots-demo-2026" }) { accessToken } }`],
    ["people(search)", `query($v: String!) { people(search: $v, first: 1) { totalCount } }`],
    ["villages(district)", `query($v: String!) { villages(district: $v, first: 1) { totalCount } }`],
  ])("%s: BAD_USER_INPUT with the reason in the reader's language, nothing written", async (_name, query) => {
    const before = [await count("people"), await count("families")];
    for (const v of ["Haddad\u0000", "\uD800Haddad", "Hadd\uDC00ad"]) {
      const res = await server.gql(query, { v }, { token: member.token, language: "ar" });
      expect(res.status).toBe(400);
      expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
      expect(res.errors![0].message).toContain("لا يمكن حفظه");
      expect(res.errors![0].extensions?.fields).toEqual([
        { field: "v", key: "errors.unsafe_text", message: expect.stringContaining("لا يمكن حفظه") },
      ]);
    }
    expect([await count("people"), await count("families")]).toEqual(before);
  });

  it("is refused written into the document too, and over WebSocket", async () => {
    const inline = await server.gql(`mutation { createPerson(input: { fullName: "Haddad\\u0000" }) { id } }`, {}, { token: member.token });
    expect(codes(inline)).toEqual(["BAD_USER_INPUT"]);
    const ws = server.ws({ token: member.token });
    try {
      const res = await wsOnce(ws, `query($v: String!) { villages(district: $v, first: 1) { totalCount } }`, { v: "Zahle\u0000" });
      expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
    } finally {
      await ws.dispose();
    }
  });
});

describe("list sizes and cursors out of range", () => {
  it("importJobs(first: -1) and outbox(first: 0) are refused with the allowed range", async () => {
    const jobs = await server.gql(`{ importJobs(first: -1) { id } }`, {}, { token: member.token });
    expect(codes(jobs)).toEqual(["BAD_USER_INPUT"]);
    expect(jobs.errors![0].extensions?.fields).toEqual([
      { field: "first", key: "errors.validation.range", message: "Enter a whole number from 0 to 50." },
    ]);
    const admin = await buildUser(server.ds, { roles: [{ role: Role.ADMIN }] });
    expect(codes(await server.gql(`{ outbox(first: 0) { id } }`, {}, { token: admin.token }))).toEqual(["BAD_USER_INPUT"]);
  });

  it.each([
    ["an offset of 1e300", ["o", 1e300]],
    ["a negative offset", ["o", -5]],
    ["a key holding NUL", ["Zahle\u0000"]],
  ])("an `after` cursor with %s is refused as a bad cursor", async (_name, raw) => {
    const after = Buffer.from(JSON.stringify(raw), "utf8").toString("base64url");
    for (const query of [
      `query($a: String) { villages(search: "zahle", after: $a) { totalCount } }`,
      `query($a: String) { rootspaces(after: $a) { totalCount } }`,
    ]) {
      const res = await server.gql(query, { a: after });
      expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
      expect(res.errors![0].extensions?.fields).toEqual([{ field: "after", key: "errors.bad_cursor", message: expect.any(String) }]);
    }
  });
});
