import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'react-admin';
import { httpClient } from './api';

const API = '/api/admin';

export interface SubmissionStats {
  total: number;
  pending: number;
  reviewed: number;
  finalized: number;
}

export interface HistoryEntry {
  id: string;
  position: number;
  type: string;
  at: string;
  by: string;
  data: Record<string, unknown>;
}

const command = async (resource: string, id: Identifier, action: string, body: object) => {
  const { json } = await httpClient(`${API}/${resource}/${encodeURIComponent(String(id))}/${action}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return { data: json };
};

/**
 * ra-data-simple-rest as it is, on /api/admin, plus the commands that are not whole-record writes: each calls
 * its command endpoint with the version the staff member saw, so a stale view gets a 409 instead of
 * overwriting someone else's change.
 */
export const dataProvider = {
  ...simpleRestProvider(API, httpClient),
  async getStats(resource: string): Promise<SubmissionStats> {
    const { json } = await httpClient(`${API}/${resource}/stats`);
    return json as SubmissionStats;
  },
  async getHistory(resource: string, id: Identifier): Promise<HistoryEntry[]> {
    const { json } = await httpClient(`${API}/${resource}/${encodeURIComponent(String(id))}/history`);
    return json as HistoryEntry[];
  },
  changeStatus: (resource: string, id: Identifier, status: string, expectedVersion: number) =>
    command(resource, id, 'status', { status, expectedVersion }),
  setOffer: (resource: string, id: Identifier, value: number | null, expectedVersion: number) =>
    command(resource, id, 'offer', { value, expectedVersion }),
  addNote: (resource: string, id: Identifier, text: string, expectedVersion: number) =>
    command(resource, id, 'notes', { text, expectedVersion }),
} satisfies DataProvider;

export type AutoBestDataProvider = typeof dataProvider;
