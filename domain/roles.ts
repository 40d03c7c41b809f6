/**
 * What a member of a clinic may do (issue 16, docs/decisions/0034). Every admin procedure names
 * the roles that may call it (server/trpc/init.ts); these are the sets it picks from.
 */
export const ROLES = ['owner', 'admin', 'psychologist', 'receptionist'] as const;
export type Role = (typeof ROLES)[number];

/** Roles the owner can give; ownership itself passes only by a handover. */
export const ASSIGNABLE_ROLES = ['admin', 'psychologist', 'receptionist'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Who may call a procedure. */
export const ACCESS = {
  /** Every member: their own session, the clinic switcher. */
  everyMember: ROLES,
  /** Billing, members, deleting the clinic. */
  ownerOnly: ['owner'],
  /** The screener, psychologists' profiles, settings, webhooks, insights, the audit log. */
  clinicSetup: ['owner', 'admin'],
  /** Schedules and bookings; a psychologist's own profile only. */
  schedules: ROLES,
  /**
   * Health data of a booking: the results a visitor attached, whether they attached any, the
   * crisis flag (contact promptly) and the reason they gave when cancelling, and the client's
   * repeat measures (issue 30). Never the receptionist.
   */
  attachedResults: ['owner', 'admin', 'psychologist'],
  /** A psychologist's calendar link: the owner, admins, and the psychologist themself only. */
  calendarLinks: ['owner', 'admin', 'psychologist'],
} as const satisfies Record<string, readonly Role[]>;

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** A role read from a table: anything else there is a broken row, not a visitor's mistake. */
export function storedRole(value: string, table: string): Role {
  if (!isRole(value)) throw new Error(`Unknown role in ${table}: ${value}`);
  return value;
}

/**
 * The one profile a member is limited to: a psychologist's own (none when their profile was
 * deleted, so they see nothing); undefined for the roles that see the whole clinic.
 */
export function profileScope(member: { role: Role; psychologistId: string | null }): { psychologistId: string | null } | undefined {
  return member.role === 'psychologist' ? { psychologistId: member.psychologistId } : undefined;
}

/** Whether a member limited to one profile may act on this one. */
export function mayActOnProfile(member: { role: Role; psychologistId: string | null }, psychologistId: string): boolean {
  const scope = profileScope(member);
  return !scope || scope.psychologistId === psychologistId;
}

/** Whether a role is among those an access set names. */
export function mayUse(role: Role, access: readonly Role[]): boolean {
  return access.includes(role);
}

/**
 * The admin's screens, in menu order, each at /admin/<id> (the English menu name, lower-cased and
 * hyphenated: docs/decisions/0054), with the access set of the procedures
 * it calls: a screen shows only to the roles the server lets use it, so nobody meets a 403.
 */
export const ADMIN_SECTIONS = {
  // Each member's home (docs/decisions/0048).
  today: ACCESS.schedules,
  plan: ACCESS.ownerOnly,
  'screener-urls': ACCESS.clinicSetup,
  screener: ACCESS.clinicSetup,
  psychologists: ACCESS.clinicSetup,
  schedule: ACCESS.schedules,
  'booking-settings': ACCESS.clinicSetup,
  // The clinic's Stripe account, payment policy and months (issue 28).
  payments: ACCESS.clinicSetup,
  appointments: ACCESS.schedules,
  webhooks: ACCESS.clinicSetup,
  // Keys for the clinic's own systems (docs/decisions/0058).
  'api-keys': ACCESS.clinicSetup,
  'audit-log': ACCESS.clinicSetup,
  insights: ACCESS.clinicSetup,
  // The clinic's outcomes of repeat measures, counts under 5 hidden (issue 30).
  outcomes: ACCESS.clinicSetup,
  team: ACCESS.ownerOnly,
  // Each member changes their own password and turns their own two-factor sign-in on or off.
  'password-and-two-factor': ACCESS.everyMember,
  account: ACCESS.ownerOnly,
} as const satisfies Record<string, readonly Role[]>;
export type AdminSectionId = keyof typeof ADMIN_SECTIONS;

/** The admin screens a role sees, in menu order. */
export function adminSectionsFor(role: Role): AdminSectionId[] {
  return (Object.keys(ADMIN_SECTIONS) as AdminSectionId[]).filter((id) => mayUse(role, ADMIN_SECTIONS[id]));
}
