/**
 * A row of a public village in the request's rootspace: `JOIN`ed to the row aliased `row`
 * (through its `village_id`), with the rootspace's id as `rootspaceParam` (`$2`…). Every area
 * whose rows hang on a village reads them through it, so a hidden village or another rootspace's
 * answers as if the row did not exist.
 */
export const publicVillageJoin = (row: string, rootspaceParam: string): string =>
  `JOIN villages v ON v.id = ${row}.village_id AND v.is_public AND v.rootspace_id = ${rootspaceParam}`;
