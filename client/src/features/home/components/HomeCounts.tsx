import { useHomeOverviewQuery } from "../generated";
import { CountsView } from "./CountsView";

/** The real counts, from the database. */
export default function HomeCounts() {
  const { data } = useHomeOverviewQuery();
  return <CountsView counts={data?.rootspaceCounts} />;
}
