/** A same-origin path for the router, or null when the target is another (allowed) host. */
export function internalPath(target: string): string | null {
  if (target.startsWith("/")) return target;
  try {
    const url = new URL(target);
    return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}
