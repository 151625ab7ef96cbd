import { registerEnumType } from "type-graphql";

/** Roles and ranks from spec §6: the highest unexpired rank is a member's main role. */
export enum Role {
  ADMIN = "admin",
  MODERATOR = "moderator",
  MUNICIPAL_OFFICER = "municipal_officer",
  INVESTOR_VERIFIED = "investor_verified",
  DNA_SPECIALIST = "dna_specialist",
  LOCAL_ROOT_CURATOR = "local_root_curator",
  EDITOR = "editor",
  MEMBER = "member",
}

registerEnumType(Role, { name: "Role", description: "Platform roles, highest rank first." });

export const ROLE_RANK: Record<Role, number> = {
  [Role.ADMIN]: 8,
  [Role.MODERATOR]: 7,
  [Role.MUNICIPAL_OFFICER]: 6,
  [Role.INVESTOR_VERIFIED]: 5,
  [Role.DNA_SPECIALIST]: 4,
  [Role.LOCAL_ROOT_CURATOR]: 3,
  [Role.EDITOR]: 2,
  [Role.MEMBER]: 1,
};

export interface RoleGrant {
  role: Role;
  expiresAt: Date | null;
}

/** Roles still in force at `now`; everyone is at least a member. */
export function activeRoles(grants: RoleGrant[], now = new Date()): Role[] {
  const live = new Set<Role>([Role.MEMBER]);
  for (const g of grants) if (!g.expiresAt || g.expiresAt > now) live.add(g.role);
  return [...live].sort((a, b) => ROLE_RANK[b] - ROLE_RANK[a]);
}

export const mainRole = (roles: Role[]): Role => roles.reduce((best, r) => (ROLE_RANK[r] > ROLE_RANK[best] ? r : best), Role.MEMBER);

/** True when `roles` satisfies any of `required`; admin passes every check. */
export function hasAnyRole(roles: Role[], required: Role[]): boolean {
  if (roles.includes(Role.ADMIN)) return true;
  if (required.length === 0) return true;
  return required.some((r) => roles.includes(r));
}
