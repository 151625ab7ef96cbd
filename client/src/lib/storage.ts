import { appConfig } from "./config";

/** Spec §5 / §9 constants. */
export const STORAGE_VERSION = "1.0.0";
export const MAX_ENTRY_BYTES = 1_048_576;
const KEY_PATTERN = /^[A-Za-z0-9_:.-]+$/;
const SCRIPT_LIKE = /<\s*script|javascript:|\bon[a-z]+\s*=|data:text\/html|<\s*iframe|\beval\s*\(/i;

interface Entry<T> {
  data: T;
  timestamp: number;
  version: string;
  ttl?: number;
}

const isEntry = (v: unknown): v is Entry<unknown> =>
  typeof v === "object" &&
  v !== null &&
  "data" in v &&
  typeof (v as Entry<unknown>).timestamp === "number" &&
  (v as Entry<unknown>).version === STORAGE_VERSION &&
  ((v as Entry<unknown>).ttl === undefined || typeof (v as Entry<unknown>).ttl === "number");

function fullKey(key: string): string | null {
  if (!KEY_PATTERN.test(key)) {
    console.warn(`storage: refused key "${key}" (letters, digits, _ : . - only)`);
    return null;
  }
  return appConfig.storagePrefix + key;
}

/**
 * localStorage with a product prefix, a versioned envelope, optional time-to-live and
 * refusal of oversized or script-like data. Never throws: failures return false/null.
 */
export const storage = {
  set<T>(key: string, data: T, options: { ttlMs?: number; maxBytes?: number } = {}): boolean {
    const k = fullKey(key);
    if (!k) return false;
    const entry: Entry<T> = { data, timestamp: Date.now(), version: STORAGE_VERSION };
    if (options.ttlMs !== undefined) entry.ttl = options.ttlMs;
    let text: string;
    try {
      text = JSON.stringify(entry);
    } catch {
      return false;
    }
    if (new TextEncoder().encode(text).length > (options.maxBytes ?? MAX_ENTRY_BYTES)) {
      console.warn(`storage: refused "${key}" (over ${options.maxBytes ?? MAX_ENTRY_BYTES} bytes)`);
      return false;
    }
    if (SCRIPT_LIKE.test(text)) {
      console.warn(`storage: refused "${key}" (script-like content)`);
      return false;
    }
    try {
      localStorage.setItem(k, text);
      return true;
    } catch (err) {
      console.warn("storage: write failed", err);
      return false;
    }
  },

  /** The stored value; expired or invalid entries are removed and read as null. */
  get<T>(key: string): T | null {
    const k = fullKey(key);
    if (!k) return null;
    let raw: string | null;
    try {
      raw = localStorage.getItem(k);
    } catch {
      return null;
    }
    if (raw === null) return null;
    try {
      const entry: unknown = JSON.parse(raw);
      if (!isEntry(entry) || SCRIPT_LIKE.test(raw)) throw new Error("invalid entry");
      if (entry.ttl !== undefined && Date.now() - entry.timestamp > entry.ttl) {
        localStorage.removeItem(k);
        return null;
      }
      return entry.data as T;
    } catch {
      localStorage.removeItem(k);
      return null;
    }
  },

  remove(key: string): void {
    const k = fullKey(key);
    if (k) localStorage.removeItem(k);
  },
};
