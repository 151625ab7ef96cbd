/**
 * Server-side twin of the client's safe-redirect rule for the paths we store (magic-link
 * returnTo): a same-site path, never a scheme or a protocol-relative URL.
 */
export function safePath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value).trim();
  } catch {
    return null;
  }
  if (!decoded.startsWith("/") || decoded.startsWith("//") || decoded.startsWith("/\\")) return null;
  const lower = decoded.toLowerCase();
  if (lower.includes("://") || lower.includes("javascript:") || lower.includes("data:")) return null;
  return decoded;
}
