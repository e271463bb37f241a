export { buildApp, JSON_BODY_LIMIT, type BuildAppOptions } from './app';
export { startApi, type RunningApi } from './server';
export { ensureFirstStaffUser, announceFirstStaffUser } from './staff/bootstrap';
export { hashPassword } from './staff/passwords';
