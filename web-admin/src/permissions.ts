import { STAFF_AREAS, type AreaPermissions, type StaffPermission } from '@autobest/domain/staff/roles';

const OPERATIONS: AreaPermissions = { read: 'operations.read', write: 'operations.read' };
const QUEUES: AreaPermissions = { read: 'queues.operate', write: 'queues.operate' };

/**
 * The one table of the console: each resource and screen, and the area of the server routes it uses. A name missing
 * here is shown to nobody (deny by default, as on the server).
 */
export const CONSOLE_AREAS: Readonly<Record<string, AreaPermissions>> = {
  'sell-car-submissions': STAFF_AREAS.requests,
  'trade-in-submissions': STAFF_AREAS.requests,
  'reservation-requests': STAFF_AREAS.requests,
  enquiries: STAFF_AREAS.requests,
  'contact-messages': STAFF_AREAS.requests,
  conversations: STAFF_AREAS.requests,
  vehicles: STAFF_AREAS.catalogue,
  'inventory-management': STAFF_AREAS.catalogue,
  'inventory-qa': STAFF_AREAS.catalogue,
  'vehicle-data-collection': STAFF_AREAS.catalogue,
  'tariff-versions': STAFF_AREAS.catalogue,
  'freight-rates': STAFF_AREAS.catalogue,
  'destination-charges': STAFF_AREAS.catalogue,
  'news-sources': STAFF_AREAS.news,
  articles: STAFF_AREAS.news,
  videos: STAFF_AREAS.news,
  'tara-answers': STAFF_AREAS.news,
  emails: STAFF_AREAS.emails,
  'whatsapp-messages': STAFF_AREAS.emails,
  analytics: OPERATIONS,
  'qa-test': OPERATIONS,
  queues: QUEUES,
  staff: { read: 'staff.manage', write: 'staff.manage' },
  activity: { read: 'staff.manage', write: 'staff.manage' },
};

/** react-admin's actions that only read; every other one (edit, create, delete, status, notes, retry, import...) changes. */
const READ_ACTIONS = new Set(['list', 'show', 'export']);

/** May someone with these permissions do this action on this resource or screen? */
export function permits(permissions: readonly StaffPermission[], resource: string | undefined, action: string): boolean {
  const area = resource === undefined ? undefined : CONSOLE_AREAS[resource];
  if (!area) return false;
  return permissions.includes(READ_ACTIONS.has(action) ? area.read : area.write);
}
