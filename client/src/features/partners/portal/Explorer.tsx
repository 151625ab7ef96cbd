import "./monaco-workers";
import "graphiql/style.css";
import { GraphiQL } from "graphiql";
import { useMemo } from "react";

const START = `# Your app's token acts for you, with the app's scopes.
{
  rateLimit { limit remaining resetAt }
  villages(first: 5) { edges { node { id name nameAr } } }
}
`;

/** GraphiQL against the API with the explorer's app token (loaded only on the explorer's page). */
export default function Explorer({ token }: { token: string }) {
  const fetcher = useMemo(
    () => async (params: unknown) => {
      const res = await fetch("/graphql", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(params),
      });
      return res.json();
    },
    [token],
  );
  return (
    <div className="partner-explorer">
      <GraphiQL fetcher={fetcher} defaultQuery={START} />
    </div>
  );
}
