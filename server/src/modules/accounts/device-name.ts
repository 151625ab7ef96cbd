import Bowser from "bowser";

/** A device as people name it, from its user agent: the browser and the operating system ("Chrome", "Linux"); null parts unknown. */
export function deviceOf(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  return { browser: parsed.browser.name || null, os: parsed.os.name || null };
}
