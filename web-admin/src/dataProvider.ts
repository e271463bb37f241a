import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'react-admin';
import { httpClient, sendFile } from './api';
import type { Funnels, PageViews, VehicleViews } from '@autobest/domain/analytics/contracts';
import type { CollectionOverview, CollectionVariant, ImportResult, QaFixResult, QaReport } from '@autobest/domain/inventory/adminContracts';
import type { ServerCheck, ServerCheckResult } from '@autobest/domain/qaChecks/contracts';
import type { ConsoleHome } from '@autobest/domain/staff/consoleHome';
import type { SubmissionHistoryEntry } from '@autobest/domain/submissions/contracts';
import type { OutboxEmail } from '@autobest/domain/emails/contracts';
import type { OutboxWhatsAppMessage } from '@autobest/domain/whatsapp';
import type { AdminArticle, NewsSourceRecord } from '@autobest/domain/news/contracts';
import type { ConversationFunnel } from '@autobest/domain/assistant/contracts';
import type { OwnSession, StaffAccount } from '@autobest/domain/staff/accounts';
import type { RecoveryCodes, TwoFactorEnrolment, TwoFactorStatus } from '@autobest/domain/staff/twoFactor';
import type { InventoryStats } from './inventory-management/types';
import type { QuoteAnswer } from '@autobest/domain/landedCost/contracts';
import type { ListFilterValues } from '@autobest/domain/listFilters';

const API = '/api/admin';

const get = async <T>(url: string): Promise<{ data: T }> => ({ data: (await httpClient(url)).json as T });

/** A JSON body, or none: the API refuses a JSON content type with an empty body, and httpClient sets none then. */
const send = async <T>(method: 'POST' | 'PUT', url: string, body?: object): Promise<{ data: T }> => {
  const { json } = await httpClient(url, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return { data: json as T };
};

const command = (resource: string, id: Identifier, action: string, body: object) =>
  send<unknown>('POST', `${API}/${resource}/${encodeURIComponent(String(id))}/${action}`, body);

/**
 * ra-data-simple-rest as it is, on /api/admin, plus the console's other calls as custom methods, so that every
 * request goes through `httpClient` and, called through `useDataProvider`, a 401 reaches the authProvider's
 * `checkError` (back to sign-in). Each answers `{ data }` like react-admin's own methods. The commands that are
 * not whole-record writes send the version the staff member saw, so a stale view gets a 409 instead of
 * overwriting someone else's change.
 */
export const dataProvider = {
  ...simpleRestProvider(API, httpClient),
  /** A list's count cards (total and per status), over what `filter` keeps where the resource takes one. */
  getStats: (resource: string, filter?: object) =>
    get<Record<string, number>>(`${API}/${resource}/stats${filter ? `?filter=${encodeURIComponent(JSON.stringify(filter))}` : ''}`),
  /** The makes, models (of `make` when given) and years a list's records hold, for its filters' dropdowns. */
  getFilterValues: (resource: string, make?: string) =>
    get<ListFilterValues>(`${API}/${resource}/filter-values${make ? `?make=${encodeURIComponent(make)}` : ''}`),
  getHistory: (resource: string, id: Identifier) => get<SubmissionHistoryEntry[]>(`${API}/${resource}/${encodeURIComponent(String(id))}/history`),
  changeStatus: (resource: string, id: Identifier, status: string, expectedVersion: number) =>
    command(resource, id, 'status', { status, expectedVersion }),
  setOffer: (resource: string, id: Identifier, value: number | null, expectedVersion: number) =>
    command(resource, id, 'offer', { value, expectedVersion }),
  addNote: (resource: string, id: Identifier, text: string, expectedVersion: number) =>
    command(resource, id, 'notes', { text, expectedVersion }),
  /** Puts a failed email back in the outbox with a new round of attempts. */
  retryEmail: (id: Identifier) => send<OutboxEmail>('POST', `${API}/emails/${encodeURIComponent(String(id))}/retry`),
  /** Puts a failed WhatsApp message back in the outbox with a new round of attempts. */
  retryWhatsAppMessage: (id: Identifier) => send<OutboxWhatsAppMessage>('POST', `${API}/whatsapp-messages/${encodeURIComponent(String(id))}/retry`),

  /** The public catalogue's figures (count, average price, brands, categories). */
  getInventoryStats: () => get<InventoryStats>('/api/vehicles/stats'),
  /** Imports a JSON or CSV file of vehicles; `onProgress` hears the share of the file sent. */
  importInventory: async (file: File, onProgress: (fraction: number) => void) => ({
    data: (await sendFile(`${API}/vehicles/import`, { part: 'file', file, onProgress, failedMessage: 'Failed to load inventory' })) as ImportResult,
  }),
  /** Uploads one catalogue photo; answers the address it is published at. */
  uploadVehicleImage: async (file: File, onProgress: (fraction: number) => void) => ({
    data: (await sendFile(`${API}/vehicle-images`, { part: 'image', file, onProgress, failedMessage: 'The image could not be uploaded' })) as { url: string },
  }),

  /** The quote a tariff version gives a chosen vehicle (also a version not yet in force). */
  previewTariff: (id: Identifier, vehicleId: string) =>
    get<QuoteAnswer>(`${API}/tariff-versions/${encodeURIComponent(String(id))}/preview?vehicleId=${encodeURIComponent(vehicleId)}`),

  getInventoryQa: () => get<QaReport>(`${API}/inventory-qa`),
  applyQaFix: (ids: string[], fix: string) => send<QaFixResult>('POST', `${API}/inventory-qa/bulk-update`, { ids, fix }),

  getDataCollection: () => get<CollectionOverview>(`${API}/data-collection`),
  saveCollectedRecord: (variantId: string, record: object) => send<CollectionVariant>('PUT', `${API}/data-collection/${encodeURIComponent(variantId)}`, record),
  publishCollectedRecord: (variantId: string) => send<{ vehicleId: string }>('POST', `${API}/data-collection/${encodeURIComponent(variantId)}/publish`),

  getPageViews: (days: number) => get<PageViews[]>(`${API}/analytics/page-views?days=${days}`),
  getTopVehicles: (days: number) => get<VehicleViews[]>(`${API}/analytics/top-vehicles?days=${days}`),
  getFunnels: (days: number) => get<Funnels>(`${API}/analytics/funnel?days=${days}`),
  /** Tara's conversations between `from` and `to`: how many reached each step. */
  getConversationFunnel: (from: Date, to: Date) =>
    get<ConversationFunnel>(`${API}/analytics/conversation-funnel?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`),

  /** Fetch now: the workers read this source's feed at once; the record shows the outcome when they are done. */
  fetchNewsSource: (id: Identifier) => send<{ source: NewsSourceRecord }>('POST', `${API}/news-sources/${encodeURIComponent(String(id))}/fetch`),
  /** Hide, show again, feature at the top of the ticker, or stop featuring an article; answers the article. */
  moderateArticle: (id: Identifier, action: 'hide' | 'unhide' | 'feature' | 'unfeature') =>
    send<AdminArticle>('POST', `${API}/articles/${encodeURIComponent(String(id))}/${action}`),

  /** Disable (every session of the person ends), enable, or email a new set-password link (answered with the link). */
  staffAction: (id: Identifier, action: 'disable' | 'enable' | 'password-link') =>
    send<StaffAccount & { setPasswordUrl?: string }>('POST', `${API}/staff/${encodeURIComponent(String(id))}/${action}`),
  changeOwnPassword: (currentPassword: string, newPassword: string) => send<null>('PUT', `${API}/account/password`, { currentPassword, newPassword }),
  getOwnSessions: () => get<OwnSession[]>(`${API}/account/sessions`),
  getTwoFactorStatus: () => get<TwoFactorStatus>(`${API}/account/two-factor`),
  /** A new key for one's authenticator app (QR code and the key to type); sign-in changes only once a code confirms it. */
  startTwoFactorEnrolment: () => send<TwoFactorEnrolment>('POST', `${API}/account/two-factor/enrolment`),
  confirmTwoFactorEnrolment: (code: string) => send<RecoveryCodes>('POST', `${API}/account/two-factor/enrolment/confirm`, { code }),
  renewRecoveryCodes: (code: string) => send<RecoveryCodes>('POST', `${API}/account/two-factor/recovery-codes`, { code }),
  turnOffTwoFactor: (password: string, code: string) => send<null>('POST', `${API}/account/two-factor/turn-off`, { password, code }),
  /** An admin takes two-factor sign-in off someone who lost their phone; every session of theirs ends. */
  resetStaffTwoFactor: (id: Identifier) => send<StaffAccount>('POST', `${API}/staff/${encodeURIComponent(String(id))}/two-factor/reset`),
  endOwnSession: async (id: string) => {
    await httpClient(`${API}/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
    return { data: null };
  },

  /** The console home's counts: what waits, each part only for a role that may read it. */
  getConsoleHome: () => get<ConsoleHome>(`${API}/home`),
  getQaChecks: async () => ({ data: (await get<{ checks: ServerCheck[] }>(`${API}/qa-checks`)).data.checks }),
  runQaCheck: (id: string) => send<ServerCheckResult>('POST', `${API}/qa-checks/${encodeURIComponent(id)}/run`, {}),
  /** The first vehicle the storefront lists, for the checks that open a vehicle page. */
  async getFirstListedVehicle() {
    const { data } = await get<{ items: Array<{ id: string; name: string }> }>('/api/vehicles?pageSize=1');
    const [first] = data.items;
    return { data: first ? { id: first.id, name: first.name } : undefined };
  },
} satisfies DataProvider;

export type AutoBestDataProvider = typeof dataProvider;

/**
 * When the authProvider has dealt with a refused call (a 401: off to sign-in; a 403: "not authorized" shown),
 * `useDataProvider` settles it as `{ data: {} }` instead of failing. No answer of this console's own calls is an
 * empty object, so that is the sign: it becomes this error, and the screen shows its error state rather than
 * taking the empty object for an answer.
 */
export class AccessDenied extends Error {
  constructor() {
    super("You're not authorized to access this resource.");
    this.name = 'AccessDenied';
  }
}

/** A custom method's answer as a screen uses it; see `AccessDenied`. */
export function answerOf<T>(response: { data: T }): T {
  const { data } = response;
  if (data !== null && typeof data === 'object' && !Array.isArray(data) && Object.keys(data).length === 0) throw new AccessDenied();
  return data;
}
