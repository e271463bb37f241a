import { describe, expect, it } from 'vitest';
import en from '../../src/submissions/messages/en';
import { whatsappUpdatesNotice } from '../../src/submissions/whatsappStop';

describe("the status page's WhatsApp updates", () => {
  it('says nothing about them for a request that never had them on', () => {
    expect(whatsappUpdatesNotice(false, 'idle')).toBeNull();
  });

  it('offers to stop them while they are on, and again after a failed try, saying what went wrong', () => {
    expect(whatsappUpdatesNotice(true, 'idle')).toEqual({ message: 'whatsappUpdatesOn', offerStop: true });
    expect(whatsappUpdatesNotice(true, 'stopping')).toEqual({ message: 'whatsappUpdatesOn', offerStop: true });
    const failed = whatsappUpdatesNotice(true, 'failed');
    expect(failed).toEqual({ message: 'whatsappStopFailed', offerStop: true });
    expect(en[failed!.message]).toMatch(/reply STOP/);
  });

  it('says they are stopped, with no button, once the stop is recorded', () => {
    const stopped = whatsappUpdatesNotice(true, 'stopped');
    expect(stopped).toEqual({ message: 'whatsappStopped', offerStop: false });
    expect(en[stopped!.message]).toMatch(/stopped/);
    expect(en.whatsappStop).toBe('Stop WhatsApp updates');
  });
});
