export { buildApp, JSON_BODY_LIMIT, type BuildAppOptions } from './app';
export { startApi, startApiProcesses, type RunningApi } from './server';
export { API_PROCESS_V8_OPTIONS } from './process/apiProcesses';
export { ensureFirstStaffUser, announceFirstStaffUser } from './staff/bootstrap';
export { hashPassword, verifyPassword } from './staff/passwords';
/** Staff accounts, also for the staff CLI (infra/src/staffCli.ts). */
export * from './staff/accounts';
export { removeTwoFactor } from './staff/twoFactor';
