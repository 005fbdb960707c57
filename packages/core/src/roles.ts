export const ROLES = ['staff', 'manager', 'hq'] as const;
export type Role = (typeof ROLES)[number];

export const ALL_ROLES: readonly Role[] = ROLES;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Where `/` and every path a role may not open send that role (reports spec §2 "Route table"). */
export function dashboardPathFor(role: string | null | undefined): string {
  switch (role) {
    case 'manager':
      return '/dashboard-manager';
    case 'staff':
      return '/dashboard-staff';
    default:
      return '/dashboard-hq';
  }
}

export const ROLE_LABELS = {
  hq: 'HQ',
  manager: 'Manager',
  staff: 'Staff',
} as const satisfies Record<Role, string>;
