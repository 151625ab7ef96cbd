import { useApolloClient } from "@apollo/client/react";
import { useCallback, useMemo, useState } from "react";
import { clustersOfMap, MAP_POINTS_POLICY, pointsOfMap, type MapPoint } from "../../ui/map";
import { VillageMapNamesDocument } from "../../gql/graphql";
import { useVillageMapClustersQuery, useVillageMapPlacesQuery } from "./generated";

/**
 * What a map of villages draws, fetched after the page's first paint: one mark per caza at first
 * (a few kilobytes), then every village by slug and place when the map asks (`onNeedPoints`: it is
 * zoomed in, or a caza is chosen), and a village's names when its card opens. `places`: every
 * place at once, no marks (a village page's map of its caza, rendered by the server too).
 */
export function useVillageMap({
  district = null,
  skip = false,
  places = false,
}: { district?: string | null; skip?: boolean; places?: boolean } = {}) {
  const [asked, setAsked] = useState(false);
  const marks = useVillageMapClustersQuery({ skip: skip || places, fetchPolicy: MAP_POINTS_POLICY });
  const all = useVillageMapPlacesQuery({ variables: { district }, skip: skip || !(places || asked), fetchPolicy: MAP_POINTS_POLICY });
  const clusters = useMemo(() => (places ? undefined : clustersOfMap(marks.data?.villageMap ?? [])), [places, marks.data]);
  const points = useMemo<MapPoint[]>(() => pointsOfMap(all.data?.villageMap ?? []), [all.data]);
  const onNeedPoints = useCallback(() => setAsked(true), []);
  const client = useApolloClient();
  const nameOf = useCallback(
    async (slug: string) => (await client.query({ query: VillageMapNamesDocument, variables: { slug } })).data?.village ?? null,
    [client],
  );
  return { clusters, points, onNeedPoints, nameOf };
}
