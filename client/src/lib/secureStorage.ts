import { storage } from "./storage";

const PREFIX = "secure_";
const DB_NAME = "roots-keys";
const KEY_ID = "secure-storage";

let keyPromise: Promise<CryptoKey> | null = null;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

function openKeyStore(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore("keys");
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * One non-extractable AES-GCM key per browser, kept in IndexedDB (a CryptoKey can be
 * stored there but never read out). Without IndexedDB the key lives for this page only.
 */
async function loadKey(): Promise<CryptoKey> {
  const generate = () => crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  let db: IDBDatabase;
  try {
    if (typeof indexedDB === "undefined") throw new Error("no IndexedDB");
    db = await openKeyStore();
  } catch {
    return generate(); // private windows and old browsers: a key for this page only
  }
  const read = () =>
    new Promise<CryptoKey | undefined>((resolve, reject) => {
      const req = db.transaction("keys").objectStore("keys").get(KEY_ID);
      req.onsuccess = () => resolve(req.result as CryptoKey | undefined);
      req.onerror = () => reject(req.error);
    });
  const existing = await read();
  if (existing) return existing;
  const key = await generate();
  // `add` (not `put`): when another tab stored its key first, use that one instead.
  const added = await new Promise<boolean>((resolve) => {
    const tx = db.transaction("keys", "readwrite");
    tx.objectStore("keys").add(key, KEY_ID);
    tx.oncomplete = () => resolve(true);
    tx.onerror = (e) => {
      e.preventDefault();
      resolve(false);
    };
  });
  return added ? key : ((await read()) ?? key);
}

const getKey = () =>
  (keyPromise ??= loadKey().catch((err) => {
    keyPromise = null;
    throw err;
  }));

/**
 * Encrypted local storage (spec §3): JSON under `secure_<key>`, AES-GCM with a fresh
 * random 12-byte IV per write. Failures are logged and return false / null.
 */
export const secureStorage = {
  async set(key: string, value: unknown): Promise<boolean> {
    try {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const plain = new TextEncoder().encode(JSON.stringify(value));
      const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await getKey(), plain));
      return storage.set(PREFIX + key, { iv: toBase64(iv), data: toBase64(cipher) });
    } catch (err) {
      console.error("secureStorage: encryption failed", err);
      return false;
    }
  },

  async get<T>(key: string): Promise<T | null> {
    const stored = storage.get<{ iv: string; data: string }>(PREFIX + key);
    if (!stored) return null;
    try {
      const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64(stored.iv) }, await getKey(), fromBase64(stored.data));
      return JSON.parse(new TextDecoder().decode(plain)) as T;
    } catch (err) {
      console.error("secureStorage: decryption failed", err);
      return null;
    }
  },

  remove(key: string): void {
    storage.remove(PREFIX + key);
  },
};
