/**
 * Who may do what, named once for both sides: the server guards its routes with these lists and
 * the web app decides which pages a role may open and which controls it shows (spec 1).
 */
export type Role = 'admin' | 'kitchen' | 'customer';
/** Every role, in the order pickers list them. */
export const ROLES = ['admin', 'kitchen', 'customer'] as const satisfies readonly Role[];

/** Staff: administrators and kitchen. Menus, stock, incoming orders, kitchen display, laps, cash. */
export const STAFF: readonly Role[] = ['admin', 'kitchen'];
/** Spec 1: staff manage categories, dishes, complex dishes and dish images. */
export const CATALOGUE_MANAGERS: readonly Role[] = STAFF;
/** Locations, providers and users stay with administrators. */
export const ADMINS: readonly Role[] = ['admin'];

/** True when `role` is one of `roles`. */
export function hasRole(role: Role | undefined, roles: readonly Role[]): boolean {
  return role !== undefined && roles.includes(role);
}
