import { currentLanguage } from "../../i18n";
import { currentRootspaceSlug } from "../../lib/rootspace";
import { session } from "./session";

/** The headers every upload and download of a member's files carries (outside GraphQL): language, rootspace, session. */
export const sessionHeaders = (): Record<string, string> => ({
  "x-roots-language": currentLanguage(),
  // Imports and pictures land in the current rootspace.
  "x-rootspace": currentRootspaceSlug(),
  ...(session.accessToken ? { authorization: `Bearer ${session.accessToken}` } : {}),
});
