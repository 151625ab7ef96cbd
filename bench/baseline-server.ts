// Baseline for bench/run.ts: the same `rootspaces` page served by bare graphql-js + pg
// over node:http, with the same SQL and the same response shape, and nothing else
// (no Apollo, no type-graphql, no TypeORM, no security middleware).
import { createServer } from "node:http";
import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  graphql,
} from "graphql";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const str = new GraphQLNonNull(GraphQLString);
const Rootspace = new GraphQLObjectType({
  name: "Rootspace",
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID), resolve: (r) => Buffer.from(`Rootspace:${r.id}`).toString("base64url") },
    slug: { type: str },
    name: { type: str },
    nameAr: { type: GraphQLString, resolve: (r) => r.name_ar },
    nameFr: { type: GraphQLString, resolve: (r) => r.name_fr },
    countryCode: { type: str, resolve: (r) => r.country_code },
    currency: { type: str },
    timezone: { type: str },
    isActive: { type: new GraphQLNonNull(GraphQLBoolean), resolve: (r) => r.is_active },
  },
});
const cursor = (slug: string) => Buffer.from(JSON.stringify([slug])).toString("base64url");
const Edge = new GraphQLObjectType({
  name: "RootspaceEdge",
  fields: { cursor: { type: str, resolve: (r) => cursor(r.slug) }, node: { type: new GraphQLNonNull(Rootspace), resolve: (r) => r } },
});
const PageInfo = new GraphQLObjectType({
  name: "PageInfo",
  fields: { hasNextPage: { type: new GraphQLNonNull(GraphQLBoolean) }, endCursor: { type: GraphQLString } },
});
const Connection = new GraphQLObjectType({
  name: "RootspaceConnection",
  fields: {
    totalCount: { type: new GraphQLNonNull(GraphQLInt) },
    edges: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Edge))) },
    pageInfo: { type: new GraphQLNonNull(PageInfo) },
  },
});
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: "Query",
    fields: {
      rootspaces: {
        type: new GraphQLNonNull(Connection),
        args: { first: { type: GraphQLInt } },
        resolve: async (_root, { first = 20 }: { first?: number }) => {
          const [count, rows] = await Promise.all([
            pool.query("SELECT COUNT(*)::int AS n FROM rootspaces r WHERE r.is_active = true"),
            pool.query("SELECT * FROM rootspaces r WHERE r.is_active = true ORDER BY r.slug ASC LIMIT $1", [first + 1]),
          ]);
          const page = rows.rows.slice(0, first);
          return {
            totalCount: count.rows[0].n,
            edges: page,
            pageInfo: { hasNextPage: rows.rows.length > first, endCursor: page.length ? cursor(page.at(-1).slug) : null },
          };
        },
      },
    },
  }),
});

const server = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", async () => {
    const { query, variables } = JSON.parse(body);
    const result = await graphql({ schema, source: query, variableValues: variables });
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result));
  });
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("baseline ready"));
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
