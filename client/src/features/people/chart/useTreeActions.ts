import type { PersonInput } from "../../../gql/graphql";
import {
  useAddParentMutation,
  useAddUnionMutation,
  useCreatePersonMutation,
  useDeletePersonMutation,
  useUpdatePersonMutation,
} from "../generated";

/** How a new or existing person is tied to the person on the card. */
export type Relation = "father" | "mother" | "spouse" | "child";

export const RELATIONS: Relation[] = ["father", "mother", "spouse", "child"];

/**
 * The relations a form offers to add, from the genders of the parents on record: no "Add
 * father" to someone who has a father, nor any parent to someone with two.
 */
export function offeredRelations(parentGenders: readonly string[]): Relation[] {
  return RELATIONS.filter((r) => {
    if (r === "spouse" || r === "child") return true;
    if (parentGenders.length >= 2) return false;
    return !parentGenders.includes(r === "father" ? "M" : "F");
  });
}

/**
 * The chart's edits, built from the existing mutations: create the relative, then link them
 * (parent link or union). If the link is refused (too young, a cycle …) the just-created
 * person is removed again so no stray record is left, and the link's error is raised.
 */
export function useTreeActions() {
  const [create] = useCreatePersonMutation();
  const [addParent] = useAddParentMutation();
  const [addUnion] = useAddUnionMutation();
  const [update] = useUpdatePersonMutation();
  const [remove] = useDeletePersonMutation();

  const link = async (relation: Relation, personId: string, otherId: string, otherParentId?: string | null) => {
    if (relation === "father" || relation === "mother")
      await addParent({ variables: { childId: personId, parentId: otherId, kind: "BIRTH" } });
    else if (relation === "spouse") await addUnion({ variables: { input: { personId, partnerId: otherId, kind: "marriage" } } });
    else {
      await addParent({ variables: { childId: otherId, parentId: personId, kind: "BIRTH" } });
      if (otherParentId) await addParent({ variables: { childId: otherId, parentId: otherParentId, kind: "BIRTH" } });
    }
  };

  return {
    /** Creates a relative of `personId` and links them; returns the new person's id. */
    async addRelative(relation: Relation, personId: string, input: PersonInput, otherParentId?: string | null): Promise<string> {
      const gender = relation === "father" ? "M" : relation === "mother" ? "F" : input.gender;
      const res = await create({ variables: { input: { ...input, gender } } });
      const newId = res.data!.createPerson.id;
      try {
        await link(relation, personId, newId, otherParentId);
      } catch (e) {
        await remove({ variables: { id: newId } }).catch(() => null);
        throw e;
      }
      return newId;
    },
    /** Links an existing record as the card person's father, mother, spouse or child. */
    linkExisting: (relation: Relation, personId: string, existingId: string) => link(relation, personId, existingId),
    edit: async (personId: string, input: PersonInput) => {
      await update({ variables: { id: personId, input } });
    },
  };
}
