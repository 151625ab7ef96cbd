import { AppError, ErrorCode } from "../../common/errors.js";
import type { TranslationKey } from "../../common/translation-keys.js";

/** A refused partner-app request: nothing is written. */
export const partnerError = (key: TranslationKey, field?: string, params: Record<string, string | number> = {}): AppError =>
  new AppError(ErrorCode.BAD_USER_INPUT, key, params, field ? [{ field, key, params }] : []);

export const partnerForbidden = (key: TranslationKey): AppError => new AppError(ErrorCode.FORBIDDEN, key);
