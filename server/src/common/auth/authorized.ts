import { AuthChecker, Authorized, Directive } from "type-graphql";
import { AppError, ErrorCode } from "../errors.js";
import { hasAnyRole, Role } from "./roles.js";
import type { Viewer } from "./viewer.js";

/**
 * Requires a signed-in viewer holding one of `roles` (admin passes all), and prints
 * `@auth(requires: [...])` in the schema so partners can read the rule.
 */
export function RequireRoles(...roles: Role[]): MethodDecorator & PropertyDecorator {
  const printed = roles.length ? roles.map((r) => r.toUpperCase()).join(", ") : "MEMBER";
  const auth = Authorized(...roles);
  const directive = Directive(`@auth(requires: [${printed}])`);
  return (target: object, key: string | symbol, descriptor?: PropertyDescriptor) => {
    auth(target, key, descriptor as TypedPropertyDescriptor<unknown>);
    directive(target, key, descriptor as TypedPropertyDescriptor<unknown>);
  };
}

/** The one authChecker: unauthenticated → UNAUTHENTICATED, wrong role → FORBIDDEN. */
export const authChecker: AuthChecker<{ viewer: Viewer }, Role> = ({ context }, roles) => {
  if (!context.viewer.userId) throw new AppError(ErrorCode.UNAUTHENTICATED, "errors.unauthenticated");
  if (!hasAnyRole(context.viewer.roles, roles)) throw new AppError(ErrorCode.FORBIDDEN, "errors.forbidden");
  return true;
};
