import { describe, expect, it } from 'vitest';
import { ANALYTICS_EVENT_NAMES, AnalyticsEventSchema } from '../src/analytics';

const timestamp = '2026-11-28T10:00:00Z';

describe('the analytics vocabulary', () => {
  it('has a schema for every event of the spec, each taking no properties at all', () => {
    for (const event of ANALYTICS_EVENT_NAMES) expect(AnalyticsEventSchema.parse({ event, timestamp })).toEqual({ event, properties: {}, timestamp });
  });

  it("keeps an event's own properties and drops another event's", () => {
    expect(AnalyticsEventSchema.parse({ event: 'inventory_vehicle_view', properties: { vehicleId: 'kia-sportage-lx-2024', page: 'inventory' }, timestamp }).properties).toEqual({
      vehicleId: 'kia-sportage-lx-2024',
    });
    expect(AnalyticsEventSchema.parse({ event: 'image_upload', properties: { type: 'front', form: 'sell-car', vehicleId: 'x' }, timestamp }).properties).toEqual({ type: 'front', form: 'sell-car' });
  });
});
