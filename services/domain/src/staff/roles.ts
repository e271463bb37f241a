/**
 * Who on the team may do what (issue 17): four roles, and the permissions every staff route declares. The server
 * decides on the matched route (deny by default: a staff route that declares no permission is refused, and the app
 * refuses to start with one); the console reads the same table to hide what a person cannot do. Browser-safe.
 */
export const STAFF_ROLES = ['admin', 'sales', 'inventory', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  sales: 'Sales',
  inventory: 'Inventory',
  viewer: 'Viewer',
};

/**
 * What a route needs, named by what it protects. `*.read` lists and shows, `*.write` changes.
 * - requests: sell-car and trade-in requests, enquiries, reservation requests, contact messages, Tara's conversations and leads
 * - catalogue: vehicles, import and export, inventory QA, data collection
 * - news: what buyers read beside the catalogue, the console's Content group: news sources, articles, review videos and
 *   Tara's answers (her knowledge base: delivery times, documents and customs, inspection, warranty)
 * - emails: the outbox (read: who was told what; write: retry)
 * - operations: the QA dashboard's server checks and the analytics (reads only: counts, no person's data); `run`, the
 *   checks that sign in to or call a system outside ours (the mail server), which each run costs that system
 * - queues: the queue dashboard
 * - staff: staff accounts and the activity trail
 * - settings: installation settings
 * - home: the console's home, what waits for staff (each count only of what the role may also read); unlike `self`,
 *   refused to a role that must set up two-factor sign-in first
 * - self: one's own account (who am I, own password, own sessions, two-factor): every role
 */
export const STAFF_PERMISSIONS = [
  'requests.read',
  'requests.write',
  'catalogue.read',
  'catalogue.write',
  'news.read',
  'news.write',
  'emails.read',
  'emails.write',
  'operations.read',
  'operations.run',
  'queues.operate',
  'staff.manage',
  'settings.manage',
  'home',
  'self',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** An area's two permissions: reading it (GET and HEAD routes) and changing it (every other method). */
export interface AreaPermissions {
  read: StaffPermission;
  write: StaffPermission;
}

/** The areas whose routes and console resources read and change records; helpers that register routes take one. */
export const STAFF_AREAS = {
  requests: { read: 'requests.read', write: 'requests.write' },
  catalogue: { read: 'catalogue.read', write: 'catalogue.write' },
  news: { read: 'news.read', write: 'news.write' },
  emails: { read: 'emails.read', write: 'emails.write' },
} as const satisfies Record<string, AreaPermissions>;

/** What a permission lets a person do, as the 403 says it: "Your role (viewer) may not change requests". */
export const STAFF_PERMISSION_ACTIONS: Record<StaffPermission, string> = {
  'requests.read': 'see requests',
  'requests.write': 'change requests',
  'catalogue.read': 'see the catalogue',
  'catalogue.write': 'change the catalogue',
  'news.read': "see news, videos and Tara's answers",
  'news.write': "change news, videos and Tara's answers",
  'emails.read': 'see emails',
  'emails.write': 'retry emails',
  'operations.read': 'see the QA checks and analytics',
  'operations.run': 'run the checks that reach outside systems (the mail server)',
  'queues.operate': 'open the queue dashboard',
  'staff.manage': 'manage staff accounts',
  'settings.manage': 'change settings',
  home: "see the console's home",
  self: 'use the console',
};

/** The clear refusal a staff member reads when their role lacks a permission. */
export const notPermittedMessage = (role: string, permission: StaffPermission): string =>
  `Your role (${role}) may not ${STAFF_PERMISSION_ACTIONS[permission]}`;

/** What a person needs to look after the catalogue and the news: no seller's or buyer's personal data. */
const CATALOGUE_READS: StaffPermission[] = ['catalogue.read', 'news.read', 'operations.read'];
/** Requests, conversations and the outbox (which holds names and addresses): the personal data of sellers and buyers. */
const PERSONAL_DATA_READS: StaffPermission[] = ['requests.read', 'emails.read'];
const READS: StaffPermission[] = [...PERSONAL_DATA_READS, ...CATALOGUE_READS];

/**
 * The one table of what each role may do. A viewer (the audit role) reads everything a sales or inventory person reads,
 * and changes nothing. Inventory reads no personal data of sellers or buyers: least privilege for work on the catalogue
 * and the news. Only an admin runs the checks that reach outside systems.
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  admin: STAFF_PERMISSIONS,
  sales: ['self', 'home', ...READS, 'requests.write', 'emails.write'],
  inventory: ['self', 'home', ...CATALOGUE_READS, 'catalogue.write', 'news.write'],
  viewer: ['self', 'home', ...READS],
};

export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** Whether a role may do something; an unknown role (an account from before roles, a typo in the database) may do nothing. */
export const roleMay = (role: string, permission: StaffPermission): boolean => isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);

/** Every permission a role has (none for an unknown role). */
export const permissionsOf = (role: string): StaffPermission[] => (isStaffRole(role) ? [...ROLE_PERMISSIONS[role]] : []);
