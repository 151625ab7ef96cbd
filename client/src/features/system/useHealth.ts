import { useCallback, useEffect, useState } from "react";

export interface HealthReport {
  status: "ok" | "degraded";
  database: { status: "up" | "down"; latencyMs: number | null };
  uptimeSeconds: number;
  version: string;
  time: string;
}

export type HealthState = { state: "loading" } | { state: "unreachable" } | { state: "done"; report: HealthReport };

/** Reads the server's `GET /health` (JSON); 503 still carries a report. */
export async function fetchHealth(): Promise<HealthState> {
  try {
    const res = await fetch("/health", { headers: { Accept: "application/json" }, cache: "no-store" });
    const report = (await res.json()) as HealthReport;
    return typeof report?.status === "string" ? { state: "done", report } : { state: "unreachable" };
  } catch {
    return { state: "unreachable" };
  }
}

export function useHealth() {
  const [health, setHealth] = useState<HealthState>({ state: "loading" });
  const refresh = useCallback(() => {
    setHealth({ state: "loading" });
    void fetchHealth().then(setHealth);
  }, []);
  useEffect(refresh, [refresh]);
  return { health, refresh };
}
