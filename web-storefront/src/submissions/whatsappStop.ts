import { postJson } from '../api/client';

/** Where the status page's "Stop WhatsApp updates" is: not asked yet, under way, done, or refused (try again). */
export type WhatsAppStopPhase = 'idle' | 'stopping' | 'stopped' | 'failed';

export interface WhatsAppUpdatesNotice {
  message: 'whatsappUpdatesOn' | 'whatsappStopped' | 'whatsappStopFailed';
  /** The button is offered while the updates are on. */
  offerStop: boolean;
}

/** What the status page says about WhatsApp updates (issue 41): nothing for a request that never had them on. */
export function whatsappUpdatesNotice(on: boolean, phase: WhatsAppStopPhase): WhatsAppUpdatesNotice | null {
  if (phase === 'stopped') return { message: 'whatsappStopped', offerStop: false };
  if (!on) return null;
  return { message: phase === 'failed' ? 'whatsappStopFailed' : 'whatsappUpdatesOn', offerStop: true };
}

/** Stops them, authorised by the token the page was opened with; true once the API has recorded the stop. */
export async function stopWhatsAppUpdates(resource: string, id: string, token: string): Promise<boolean> {
  const answer = await postJson<{ whatsappUpdates: false }>(`/api/${resource}/${encodeURIComponent(id)}/whatsapp-stop`, { token });
  return answer.ok;
}
