import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { AppError } from "../../server/src/common/errors.js";
import { encodeKeyCursor } from "../../server/src/common/pagination.js";
import { bind, keyset, sql, type KeyColumn } from "../../server/src/common/sql.js";
import { newId } from "../../server/src/common/uuid.js";
import { createDataSource } from "../../server/src/db/data-source.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { createTestDatabase } from "../support/database.js";
import { startTestServer, type TestServer } from "../support/server.js";

describe("the SQL template and keyset pages, on PostgreSQL", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let ds: ReturnType<typeof createDataSource>;
  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource({ url: db.url, poolMax: 2 });
    await ds.initialize();
    await ds.query(`CREATE TABLE pages_t (id uuid PRIMARY KEY, day date, name text NOT NULL)`);
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  // Latest day first, undated last, then by id: two directions and a null in one order.
  const KEYS: KeyColumn[] = [
    { expr: `coalesce(day, '-infinity'::date)`, type: "date", desc: true },
    { expr: "id", type: "uuid" },
  ];

  async function readAll(size: number, between?: (page: number) => Promise<void>): Promise<string[]> {
    const names: string[] = [];
    let after: string | null = null;
    for (let page = 0; ; page++) {
      const params: unknown[] = [];
      const filter = bind(params, sql`name <> ${"skip me"}`);
      const seek = keyset(params, KEYS, after);
      const rows: { name: string }[] = await ds.query(
        `SELECT name, ${seek.select} FROM pages_t WHERE ${filter} AND ${seek.after} ORDER BY ${seek.orderBy} LIMIT ${size + 1}`,
        params,
      );
      names.push(...rows.slice(0, size).map((r) => r.name));
      if (rows.length <= size) return names;
      after = seek.cursor(rows[size - 1]);
      await between?.(page);
    }
  }

  it("pages through a mixed order (descending dates, undated last, ascending ids) without gap or repeat", async () => {
    const days = ["1890-05-01", null, "1925-01-01", "1890-05-01", null, "2001-12-31", "1890-05-01", "1750-02-28"];
    for (const [i, day] of days.entries()) await ds.query(`INSERT INTO pages_t VALUES ($1, $2, $3)`, [newId(), day, `p${i}`]);
    await ds.query(`INSERT INTO pages_t VALUES ($1, '1900-01-01', 'skip me')`, [newId()]);
    const whole: { name: string }[] = await ds.query(`SELECT name FROM pages_t WHERE name <> 'skip me' ORDER BY day DESC NULLS LAST, id`);
    for (const size of [1, 2, 3, 8]) expect(await readAll(size)).toEqual(whole.map((r) => r.name));
  });

  it("a row added before the cursor meanwhile shifts nothing: the next page starts where the last ended", async () => {
    const before = await readAll(100);
    const seen = await readAll(3, async (page) => {
      if (page === 0) await ds.query(`INSERT INTO pages_t VALUES ($1, '2100-01-01', 'newest')`, [newId()]);
    });
    expect(seen).toEqual(before);
  });

  it("bind numbers a fragment's values after the statement's own", () => {
    const params: unknown[] = ["a", "b"];
    expect(bind(params, sql`x = ${1} AND y = ANY(${[2, 3]})`)).toBe("x = $3 AND y = ANY($4)");
    expect(params).toEqual(["a", "b", 1, [2, 3]]);
  });

  it.each([
    ["not base64 JSON", "%%%"],
    ["too few values", encodeKeyCursor(["2020-01-01"])],
    ["a day that does not exist", encodeKeyCursor(["2026-02-31", newId()])],
    ["a thirteenth month", encodeKeyCursor(["2026-13-01", newId()])],
    ["an id that is not a uuid", encodeKeyCursor(["2026-02-01", "1; DROP TABLE pages_t"])],
  ])("refuses a cursor with %s as a bad input, before any SQL", (_, cursor) => {
    expect(() => keyset([], KEYS, cursor)).toThrow(AppError);
  });
});

describe("lists paged by keyset through GraphQL", () => {
  let server: TestServer;
  let member: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    member = await buildUser(server.ds);
  });
  afterAll(() => server.stop());

  const MINE = `query ($after: String) { people(mine: true, first: 2, after: $after) { totalCount edges { node { fullName } } pageInfo { hasNextPage endCursor } } }`;

  it("the member's people by name, two at a time; a person added before the cursor does not shift the next page", async () => {
    for (const name of ["Butros Aoun", "Antoun Aoun", "Elias Aoun", "Dima Aoun", "Chadi Aoun"]) {
      const res = await server.gql(
        `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`,
        { input: { fullName: name, isDeceased: true } },
        { token: member.token },
      );
      expect(res.errors).toBeUndefined();
    }
    type Page = {
      people: { totalCount: number; edges: { node: { fullName: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
    };
    const first = await server.gql<Page>(MINE, {}, { token: member.token });
    expect(first.data!.people.edges.map((e) => e.node.fullName)).toEqual(["Antoun Aoun", "Butros Aoun"]);
    await server.gql(
      `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`,
      { input: { fullName: "Aaron Aoun", isDeceased: true } },
      { token: member.token },
    );
    const second = await server.gql<Page>(MINE, { after: first.data!.people.pageInfo.endCursor }, { token: member.token });
    expect(second.data!.people.edges.map((e) => e.node.fullName)).toEqual(["Chadi Aoun", "Dima Aoun"]);
    expect(second.data!.people.totalCount).toBe(6);
    const forged = await server.gql(MINE, { after: encodeKeyCursor(["Chadi Aoun", "not-an-id"]) }, { token: member.token });
    expect(forged.errors?.[0]).toMatchObject({ message: "This page cursor is not valid.", extensions: { code: "BAD_USER_INPUT" } });
  });
});
