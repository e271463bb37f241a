import { useSyncExternalStore } from 'react';
import type { ChatEntry, TaraTopic } from '@autobest/domain/assistant/contracts';

/**
 * Whether Tara's widget is open, and what opened it: kept outside React so any page, link or button can open her
 * with `openTara` without sharing a component tree with the widget. Tiny on purpose: it ships in the main bundle,
 * the dialog's code is loaded on first open.
 */
export interface TaraRequest {
  /** Where the buyer opened Tara from; sent with a new conversation (analytics funnel, console). */
  entry: ChatEntry;
  /** A category card of the Tara page: a new conversation about it. */
  topic?: TaraTopic | undefined;
  /** Live chat on /contact and /support: the form to reach a person is offered before the chat. */
  handoffFirst?: boolean | undefined;
}

export interface TaraState {
  open: boolean;
  minimized: boolean;
  /** The latest request to open; `serial` grows with each, so opening twice with the same request is still seen. */
  request: TaraRequest & { serial: number };
}

let state: TaraState = { open: false, minimized: false, request: { entry: 'widget', serial: 0 } };
const listeners = new Set<() => void>();

function set(next: TaraState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function openTara(request: TaraRequest): void {
  set({ open: true, minimized: false, request: { ...request, serial: state.request.serial + 1 } });
}

export function closeTara(): void {
  set({ ...state, open: false, minimized: false });
}

export function minimizeTara(minimized: boolean): void {
  set({ ...state, minimized });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The widget's state now (for event handlers; components use `useTara`). */
export const taraState = (): TaraState => state;

export function useTara(): TaraState {
  return useSyncExternalStore(subscribe, taraState, taraState);
}
