import "i18next";
import type { TranslationKey } from "./keys";

declare module "i18next" {
  interface CustomTypeOptions {
    resources: { translation: Record<TranslationKey, string> };
  }
}
