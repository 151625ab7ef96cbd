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
  // Browsers drop tabs and newlines inside URLs ("/\t/evil" becomes "//evil").
  // eslint-disable-next-line no-control-regex -- control characters are what we refuse
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return null;
  if (!decoded.startsWith("/") || decoded.startsWith("//") || decoded.startsWith("/\\")) return null;
  const lower = decoded.toLowerCase();
  if (lower.includes("://") || lower.includes("javascript:") || lower.includes("data:")) return null;
  return decoded;
}
