import { createHash } from "node:crypto";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import { runtimeKey } from "../../common/i18n.js";
import * as en from "@zxcvbn-ts/language-en";
import argon2 from "argon2";
import type { FieldError } from "../../common/errors.js";
import { logger } from "../../common/logger.js";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
/** zxcvbn score below which a password is too guessable (0–4 scale). */
export const MIN_SCORE = 3;

/** OWASP: argon2id, 19 MiB, 2 iterations, 1 lane. */
const ARGON2 = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2);

/** A real hash to verify against when the account does not exist, so timing says nothing. */
let dummyHash: Promise<string> | undefined;
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword("no account has this password");
  try {
    return await argon2.verify(hash ?? (await dummyHash), password);
  } catch {
    return false;
  }
}

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
});

/** Warning keys of the estimator that have their own translation (`errors.password_hint.<key>`). */
const HINTS = new Set([
  "topTen",
  "topHundred",
  "common",
  "similarToCommon",
  "sequences",
  "recentYears",
  "dates",
  "keyPattern",
  "straightRow",
  "simpleRepeat",
  "extendedRepeat",
  "namesByThemselves",
  "commonNames",
  "userInputs",
  "wordByItself",
]);

/**
 * Length and guessability only (NIST 800-63B): no composition rules; long passphrases
 * (64+ characters) welcome. Words from the member's own details count against it.
 */
export function passwordProblems(password: string, userInputs: string[]): FieldError[] {
  if (password.length < PASSWORD_MIN_LENGTH)
    return [{ field: "password", key: "errors.password_too_short", params: { min: PASSWORD_MIN_LENGTH } }];
  if (password.length > PASSWORD_MAX_LENGTH)
    return [{ field: "password", key: "errors.password_too_long", params: { max: PASSWORD_MAX_LENGTH } }];
  // "rima.khoury@x.lb" and "Rima Khoury" both count as the words rima, khoury, rimakhoury.
  const words = userInputs.flatMap((v) => {
    const local = v.toLowerCase().split("@")[0];
    return [local, local.replace(/[^\p{L}\p{N}]/gu, ""), ...local.split(/[^\p{L}\p{N}]+/u)];
  });
  const result = zxcvbn.check(password.slice(0, 100), [...new Set(words.filter((w) => w.length >= 3))]);
  if (result.score >= MIN_SCORE) return [];
  const hint = result.feedback.warning && HINTS.has(result.feedback.warning) ? result.feedback.warning : null;
  return [
    { field: "password", key: "errors.password_too_guessable" },
    ...(hint ? [{ field: "password", key: runtimeKey(`errors.password_hint.${hint}`) }] : []),
  ];
}

export type BreachCheck = { status: "clean" } | { status: "breached"; count: number } | { status: "unavailable" };

/**
 * k-anonymity range query (Have I Been Pwned protocol): only the first 5 hex characters
 * of the SHA-1 leave the server; the answer lists suffixes with their counts.
 */
export async function checkBreached(password: string, apiUrl: string, timeoutMs: number): Promise<BreachCheck> {
  const sha1 = createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
  const prefix = sha1.slice(0, 5);
  const suffix = sha1.slice(5);
  try {
    const res = await fetch(`${apiUrl.replace(/\/$/, "")}/range/${prefix}`, {
      headers: { "Add-Padding": "true", "User-Agent": "Roots-password-check" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = await res.text();
    for (const line of body.split(/\r?\n/)) {
      const [s, c] = line.trim().split(":");
      if (s?.toUpperCase() === suffix) {
        const count = Number(c);
        if (count > 0) return { status: "breached", count };
      }
    }
    return { status: "clean" };
  } catch (err) {
    logger.warn("Breached-password check unavailable", { err: String(err) });
    return { status: "unavailable" };
  }
}
