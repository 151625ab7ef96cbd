/** Public surface of the rootspaces area. */
export { Rootspace } from "./rootspace.entity.js";
export { RootspaceResolver } from "./rootspace.resolver.js";
export { rootspaceNode } from "./rootspace.service.js";
