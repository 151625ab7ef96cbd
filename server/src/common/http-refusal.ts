import type { Response } from "express";
import { currentLanguage, runtimeKey, translate } from "./i18n.js";

/** An HTTP route's refusal, as the client reads it: the translation key and its text in the reader's language. */
export const refuse = (res: Response, status: number, key: string, params: Record<string, string | number> = {}) =>
  res.status(status).json({ error: key, message: translate(runtimeKey(key), currentLanguage(), params) });
