import { hasUnsafeText } from "./text.js";

/**
 * Opaque, stable global ids (Relay): base64url("Type:rawId"). Partners may store them;
 * the format must never change.
 */
export function toGlobalId(type: string, rawId: string): string {
  return Buffer.from(`${type}:${rawId}`, "utf8").toString("base64url");
}

/** Returns null for anything that is not a well-formed global id. */
export function fromGlobalId(globalId: string): { type: string; id: string } | null {
  if (!/^[A-Za-z0-9_-]{4,200}$/.test(globalId)) return null;
  const decoded = Buffer.from(globalId, "base64url").toString("utf8");
  const sep = decoded.indexOf(":");
  if (sep <= 0 || sep === decoded.length - 1) return null;
  const type = decoded.slice(0, sep);
  const id = decoded.slice(sep + 1);
  if (!/^[A-Z][A-Za-z]+$/.test(type) || hasUnsafeText(id)) return null;
  return { type, id };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed UUID: raw ids are checked before they reach a uuid column. */
export const isUuid = (value: string): boolean => UUID.test(value);
