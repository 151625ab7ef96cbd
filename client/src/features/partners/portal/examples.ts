/** Code examples of the portal: code, not prose, so not translated; `ORIGIN` is replaced by the site's address. */
export const EXAMPLES = {
  token: `curl -s -u "$CLIENT_ID:$CLIENT_SECRET" \\
  -d grant_type=client_credentials -d scope=public:read \\
  ORIGIN/oauth/token`,
  query: `curl -s ORIGIN/graphql \\
  -H "authorization: Bearer $ACCESS_TOKEN" \\
  -H "content-type: application/json" \\
  -d '{"query":"{ villages(first: 5) { edges { node { id name nameAr } } } rateLimit { remaining resetAt } }"}'`,
  javascript: `const token = await fetch("ORIGIN/oauth/token", {
  method: "POST",
  headers: { authorization: "Basic " + btoa(CLIENT_ID + ":" + CLIENT_SECRET) },
  body: new URLSearchParams({ grant_type: "client_credentials", scope: "public:read" }),
}).then((r) => r.json());

const answer = await fetch("ORIGIN/graphql", {
  method: "POST",
  headers: { authorization: "Bearer " + token.access_token, "content-type": "application/json" },
  body: JSON.stringify({ query: "{ villages(first: 5) { edges { node { id name } } } }" }),
}).then((r) => r.json());
console.log(answer.data.villages, answer.extensions.cost);`,
  consent: `ORIGIN/oauth/authorize?response_type=code&client_id=$CLIENT_ID
  &redirect_uri=$REDIRECT_URI&scope=tree:read%20profile:read
  &code_challenge=$S256_CHALLENGE&code_challenge_method=S256&state=$STATE`,
  webhook: `import { createHmac, timingSafeEqual } from "node:crypto";

// header: Roots-Signature: t=<unix seconds>,v1=<hex>
function verify(rawBody, header, webhookSecret) {
  const { t, v1 } = Object.fromEntries(header.split(",").map((kv) => kv.split("=")));
  const expected = createHmac("sha256", webhookSecret).update(t + "." + rawBody).digest("hex");
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) < 300;
  return fresh && timingSafeEqual(Buffer.from(v1, "hex"), Buffer.from(expected, "hex"));
}`,
  exportTree: `curl -s ORIGIN/api/exports/tree?scope=mine&version=7.0 \\
  -H "authorization: Bearer $MEMBER_ACCESS_TOKEN" -o tree.ged`,
} as const;

export const withOrigin = (code: string, origin: string) => code.replaceAll("ORIGIN", origin);
