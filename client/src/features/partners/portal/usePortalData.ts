import { useEffect, useState } from "react";
import { Kind, parse, type ObjectTypeDefinitionNode, type StringValueNode } from "graphql";

export interface Limits {
  pointsPerHour: number;
  routeCost: number;
  accessTokenSeconds: number;
  codeSeconds: number;
  refreshIdleDays: number;
  maxDepth: number;
  maxCost: number;
}

export interface Release {
  date: string;
  changes: { criticality: "BREAKING" | "DANGEROUS" | "NON_BREAKING"; message: string; path: string | null }[];
}

export interface PortalData {
  limits: Limits;
  releases: Release[];
  sdl: string;
  /** The root fields open to apps, by the scope each names (`@scope(requires:)`). */
  openFields: Record<string, string[]>;
}

/** Root fields of the SDL that name a scope, grouped by it ("any" included), sorted. */
export function openFieldsOf(sdl: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const def of parse(sdl).definitions) {
    if (def.kind !== Kind.OBJECT_TYPE_DEFINITION || !["Query", "Mutation", "Subscription"].includes(def.name.value)) continue;
    for (const field of (def as ObjectTypeDefinitionNode).fields ?? []) {
      const scope = field.directives?.find((d) => d.name.value === "scope")?.arguments?.[0]?.value as StringValueNode | undefined;
      if (scope) (out[scope.value] ??= []).push(field.name.value);
    }
  }
  for (const list of Object.values(out)) list.sort();
  return out;
}

/** The portal's public facts, read from the server's plain routes (partners' tools read them too). */
export function usePortalData(): { data: PortalData | null; failed: boolean; retry: () => void } {
  const [data, setData] = useState<PortalData | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const json = (url: string) => fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))));
    Promise.all([json("/api/developers/limits"), json("/api/schema/changelog.json"), fetch("/api/schema.graphql").then((r) => r.text())])
      .then(([limits, log, sdl]: [Limits, { releases: Release[] }, string]) => {
        if (live) setData({ limits, releases: log.releases, sdl, openFields: openFieldsOf(sdl) });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [attempt]);
  return {
    data,
    failed,
    retry: () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    },
  };
}
