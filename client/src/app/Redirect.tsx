import { Navigate, useLocation } from "react-router-dom";

/** An old or alias path: goes to `to`, keeping the query and the fragment (/village-hubs?village=x → /root-hubs?village=x). */
export function Redirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}
