import 'fake-indexeddb/auto';
import { createStore, keys, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, DRAFT_MAX_AGE_MS, loadDraft, saveDraft, type FormDraft } from '../../src/offline/draft/draftStore';

const photo = (name: string, content = name) => new File([content], name, { type: 'image/jpeg' });

const draftOf = (overrides: Partial<FormDraft> = {}): FormDraft => ({
  values: { fullName: 'Ngozi Okafor', email: 'ngozi@example.ng', transmission: 'automatic' },
  consent: true,
  photos: { front: photo('front.jpg', 'front bytes'), rear: photo('rear.jpg') },
  idempotencyKey: '6f1c1d0e-6b3a-4c51-9d1e-0c6c2a6f9b11',
  waiting: false,
  savedAt: Date.now(),
  ...overrides,
});

describe('form drafts on the phone (draftStore)', () => {
  let store: ReturnType<typeof createStore>;
  let n = 0;
  beforeEach(() => {
    store = createStore(`drafts-test-${++n}`, 'drafts');
  });

  it('gives back what was typed, the consent, each chosen photo with its name, type and bytes, and the Idempotency-Key', async () => {
    await saveDraft('sell-car', draftOf({ waiting: true }), undefined, store);
    const kept = await loadDraft('sell-car', Date.now(), store);
    expect(kept).toMatchObject({ values: draftOf().values, consent: true, idempotencyKey: draftOf().idempotencyKey, waiting: true });
    expect(Object.keys(kept!.photos).sort()).toEqual(['front', 'rear']);
    const front = kept!.photos['front']!;
    expect([front.name, front.type, await front.text()]).toEqual(['front.jpg', 'image/jpeg', 'front bytes']);
    // How the photos went with the request last sent: sent again as they were after a reload.
    for (const sentPhotos of [{ front: 'a1b2c3', rear: 'd4e5f6' }, 'withForm' as const]) {
      await saveDraft('sell-car', draftOf({ waiting: true, sentPhotos }), undefined, store);
      expect((await loadDraft('sell-car', Date.now(), store))?.sentPhotos).toEqual(sentPhotos);
    }
    // Each form has its own draft.
    expect(await loadDraft('trade-in', Date.now(), store)).toBeUndefined();
  });

  it('writes a photo again only when it changed, and forgets a removed one', async () => {
    const first = draftOf();
    await saveDraft('sell-car', first, undefined, store);
    // The same File objects: typing a letter does not rewrite the photos (a stale copy in storage proves it).
    await set('sell-car/photo/front', { name: 'front.jpg', type: 'image/jpeg', bytes: new Blob(['kept as it was']) }, store);
    const typed = { ...first, values: { ...first.values, fullName: 'Ngozi A. Okafor' } };
    await saveDraft('sell-car', typed, first, store);
    expect(await (await loadDraft('sell-car', Date.now(), store))!.photos['front']!.text()).toBe('kept as it was');

    const replaced = { ...typed, photos: { front: photo('front-2.jpg', 'new front') } };
    await saveDraft('sell-car', replaced, typed, store);
    const kept = await loadDraft('sell-car', Date.now(), store);
    expect(kept!.values['fullName']).toBe('Ngozi A. Okafor');
    expect(Object.keys(kept!.photos)).toEqual(['front']);
    expect(await kept!.photos['front']!.text()).toBe('new front');
    expect((await keys(store)).sort()).toEqual(['sell-car', 'sell-car/photo/front']);
  });

  it('forgets a sent draft with all its photos, and one too old or not written by this code', async () => {
    await saveDraft('sell-car', draftOf(), undefined, store);
    await saveDraft('trade-in', draftOf(), undefined, store);
    await clearDraft('sell-car', store);
    expect(await loadDraft('sell-car', Date.now(), store)).toBeUndefined();
    expect((await keys(store)).sort()).toEqual(['trade-in', 'trade-in/photo/front', 'trade-in/photo/rear']);

    const savedAt = Date.now();
    await saveDraft('trade-in', draftOf({ savedAt }), undefined, store);
    expect(await loadDraft('trade-in', savedAt + DRAFT_MAX_AGE_MS, store)).toBeDefined();
    expect(await loadDraft('trade-in', savedAt + DRAFT_MAX_AGE_MS + 1, store)).toBeUndefined();
    expect(await keys(store)).toEqual([]);

    const stored = { values: {}, consent: true, idempotencyKey: 'key', waiting: true, savedAt: Date.now(), slots: [] };
    for (const garbage of [{ values: { fullName: 42 } }, 'a string', { ...draftOf(), photos: undefined }, null, { ...stored, sentPhotos: { front: 7 } }, { ...stored, sentPhotos: 'later' }]) {
      await set('sell-car', garbage, store);
      await set('sell-car/photo/front', { name: 'x', type: 'image/jpeg', bytes: new Blob(['x']) }, store);
      expect(await loadDraft('sell-car', Date.now(), store)).toBeUndefined();
      expect(await keys(store)).toEqual([]);
    }
  });
});
