import { useEffect, useState } from "react";
import type { LanguageCode } from "../../i18n/languages";
import { formatNumber } from "../../lib/format";

const unit = (lang: LanguageCode, n: number, u: "day" | "hour" | "minute") =>
  formatNumber(n, lang, { style: "unit", unit: u, unitDisplay: "long" });

/** A duration as people say it: "3 days 4 hours", "2 hours 5 minutes", "40 minutes" (in the reader's language). */
export function formatDuration(seconds: number, lang: LanguageCode): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days) return hours ? `${unit(lang, days, "day")} ${unit(lang, hours, "hour")}` : unit(lang, days, "day");
  if (hours) return minutes ? `${unit(lang, hours, "hour")} ${unit(lang, minutes, "minute")}` : unit(lang, hours, "hour");
  return unit(lang, minutes, "minute");
}

/**
 * The seconds left as the server counted them, going down by the browser's clock from the moment
 * they arrived (the server's clock is the one that counts: the browser's may be wrong).
 */
export function useSecondsLeft(serverSeconds: number): number {
  const [state, setState] = useState({ from: serverSeconds, at: Date.now(), now: Date.now() });
  if (state.from !== serverSeconds) setState({ from: serverSeconds, at: Date.now(), now: Date.now() });
  useEffect(() => {
    const timer = setInterval(() => setState((s) => ({ ...s, now: Date.now() })), 30_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, state.from - Math.floor((state.now - state.at) / 1000));
}
