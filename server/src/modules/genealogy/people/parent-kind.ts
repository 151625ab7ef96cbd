import { registerEnumType } from "type-graphql";

/** How a parent is a parent; the values are what `parent_links.kind` stores. */
export enum ParentKind {
  BIRTH = "birth",
  ADOPTIVE = "adoptive",
  STEP = "step",
  UNKNOWN = "unknown",
}
registerEnumType(ParentKind, {
  name: "ParentKind",
  description: "How a parent is a parent: by birth, adoption, as a step-parent, or not known.",
});
