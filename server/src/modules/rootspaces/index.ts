/** Public surface of the rootspaces area: the country-level spaces (Lebanon first) records belong to. */
import { defineArea } from "../../common/area.js";
import { Rootspace } from "./rootspace.entity.js";
import { RootspaceResolver } from "./rootspace.resolver.js";
import { administersRootspace } from "./rootspace.policy.js";
import { rootspaceNode } from "./rootspace.service.js";
import { DEFAULT_ROOTSPACE_SLUG, ROOTSPACE_HEADER, rootspaceDirectory, type CurrentRootspace, type RootspaceDirectory } from "./current.js";
import { rootspacesReads } from "./rootspaces.reads.js";

declare module "../../common/event-bus.js" {
  interface Topics {
    ROOTSPACE_UPDATED: [{ id: string; slug: string }];
  }
}

export {
  administersRootspace,
  Rootspace,
  RootspaceResolver,
  rootspaceNode,
  DEFAULT_ROOTSPACE_SLUG,
  ROOTSPACE_HEADER,
  rootspaceDirectory,
  type CurrentRootspace,
  type RootspaceDirectory,
};

export const rootspacesArea = defineArea({
  name: "rootspaces",
  reads: rootspacesReads,
  tables: ["rootspaces"],
  shares: ["rootspaces"],
  resolvers: [RootspaceResolver],
  entities: [Rootspace],
  nodes: { [Rootspace.typeName]: rootspaceNode },
  topics: ["ROOTSPACE_UPDATED"],
});
