import { all, connection, type ReadTags } from "../../common/auth/reads.js";

const list = connection("anyone");

/** Rootspaces are public (a closed one exists only for admins: rootspace.policy). */
export const rootspacesReads: ReadTags = {
  Rootspace: all(
    "anyone",
    "countryCode createdAt currency description descriptionAr descriptionFr flagEmoji id isActive lat lng name nameAr nameFr slug themeColor timezone updatedAt",
  ),
  RootspaceConnection: list.connection,
  RootspaceEdge: list.edge,
  RootspaceCounts: all("anyone", "families people villages"),
};
