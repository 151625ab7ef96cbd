import { registerEnumType } from "type-graphql";

/** Roles and ranks from spec §6 (plus the document officer): the highest unexpired rank is a member's main role. */
export enum Role {
  ADMIN = "admin",
  MODERATOR = "moderator",
  DOCUMENT_OFFICER = "document_officer",
  MUNICIPAL_OFFICER = "municipal_officer",
  INVESTOR_VERIFIED = "investor_verified",
  DNA_SPECIALIST = "dna_specialist",
  LOCAL_ROOT_CURATOR = "local_root_curator",
  EDITOR = "editor",
  MEMBER = "member",
}

registerEnumType(Role, { name: "Role", description: "Platform roles, highest rank first." });

/**
 * Ranks only order roles (the main role is the highest). They go in tens so a role can be placed
 * between two without renumbering: the spec's eight keep their order (admin 8 … member 1 there),
 * and the document officer (ancestry's desk) sits between moderator and municipal officer.
 */
export const ROLE_RANK: Record<Role, number> = {
  [Role.ADMIN]: 80,
  [Role.MODERATOR]: 70,
  [Role.DOCUMENT_OFFICER]: 65,
  [Role.MUNICIPAL_OFFICER]: 60,
  [Role.INVESTOR_VERIFIED]: 50,
  [Role.DNA_SPECIALIST]: 40,
  [Role.LOCAL_ROOT_CURATOR]: 30,
  [Role.EDITOR]: 20,
  [Role.MEMBER]: 10,
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
