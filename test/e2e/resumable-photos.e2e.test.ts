import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { samplePhoto } from '@autobest/runtime/testing';
import { seriousAccessibilityProblems } from '../support/axe';
import { startStack, type TestStack } from '../support/stack';
import { fillSellCarFields } from '../support/sellCarForm';
import { findFreePort } from '../../infra/src/ports';

/**
 * Issue 42 point 4: each photo of a sell-car request is sent on its own as soon as it is chosen, over tus; a photo
 * whose connection is cut goes on from the byte where it stopped, and the form shows which photos are through.
 */
const PHOTO = await samplePhoto({ width: 640, height: 480 });
const SLOTS = ['Front View', 'Rear View', 'Left Side', 'Right Side', 'Interior', 'Dashboard'];

describe('photos that survive the network', () => {
  let stack: TestStack;
  let uploadsDir: string;

  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'autobest-e2e-resumable-'));
    const port = await findFreePort(4400);
    stack = await startStack('e2e_resumable_photos', { env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, UPLOADS_DIR: uploadsDir } });
  });

  afterAll(async () => {
    await stack?.close();
    if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
  });

  it('a photo cut off halfway resumes from where it stopped, each photo shows its tick, and the request is sent once all are through', async () => {
    const owner = await stack.browser.newPage();
    // The first photo's bytes: half reach the API, then the connection drops, as on a train going into a cutting.
    const patches: Array<{ url: string; offset: number; bytes: number }> = [];
    let cut: { url: string; arrived: number } | undefined;
    await owner.route('**/api/photo-uploads/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      const body = request.postDataBuffer() ?? Buffer.alloc(0);
      patches.push({ url: request.url(), offset: Number(await request.headerValue('upload-offset')), bytes: body.length });
      if (cut) return route.continue();
      const arrived = Math.floor(body.length / 2);
      cut = { url: request.url(), arrived };
      const half = await fetch(request.url(), {
        method: 'PATCH',
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(body.subarray(0, arrived)),
      });
      expect(half.status).toBe(204);
      return route.abort('connectionreset');
    });

    await owner.goto(`${stack.api.url}/sell-car`);
    const form = owner.getByRole('form', { name: 'Sell your car form' });
    // Chosen first, while the rest of the form is still empty: the photos go while the owner types.
    for (const label of SLOTS) await owner.getByLabel(label, { exact: true }).setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: PHOTO });
    for (const label of SLOTS) await form.getByRole('status').filter({ hasText: `${label} uploaded` }).waitFor();

    // The cut photo was not sent again whole: its next PATCH started at the byte where the first one stopped.
    expect(cut).toBeDefined();
    const resumed = patches.filter((patch) => patch.url === cut!.url);
    expect(resumed.map((patch) => patch.offset)).toEqual([0, cut!.arrived]);
    expect(resumed[1]!.bytes).toBe(PHOTO.length - cut!.arrived);
    // Every other photo went once.
    expect(patches).toHaveLength(SLOTS.length + 1);

    expect(await seriousAccessibilityProblems(owner, 'form')).toEqual([]);

    // A file that only claims to be a photo is refused once its last byte arrives, at its slot; a real one replaces it.
    const interior = owner.getByLabel('Interior', { exact: true });
    await interior.setInputFiles({ name: 'interior.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.4 not a photo at all') });
    await form.getByRole('alert').filter({ hasText: 'Interior was not uploaded. Please upload an image file (JPG, PNG, etc.)' }).waitFor();
    await form.getByRole('button', { name: 'Try uploading Interior again' }).waitFor();
    await interior.setInputFiles({ name: 'interior.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
    await form.getByRole('status').filter({ hasText: 'Interior uploaded' }).waitFor();
    await fillSellCarFields(form, {
      fullName: 'Chidi Okafor',
      phone: '+234 803 555 0311',
      email: 'chidi.okafor@example.ng',
      make: 'Lexus',
      model: 'RX 350',
      year: '2021',
      odometerKm: '41000',
      fuelType: 'petrol',
      transmission: 'automatic',
      askingPriceNgn: '32000000',
    });
    // Keyboard only, from the consent box to sending.
    await form.getByLabel(/^I agree/).focus();
    await owner.keyboard.press('Space');
    await form.getByRole('button', { name: 'Submit Request' }).focus();
    const sent = owner.waitForRequest((request) => request.url().endsWith('/api/sell-car-submissions/from-uploads'));
    await owner.keyboard.press('Enter');
    // The form itself is a small JSON request naming the uploads, not the photos again.
    expect((await sent).postDataBuffer()!.length).toBeLessThan(2_000);
    await owner.getByText('Your car selling request has been submitted successfully!').waitFor();

    // Recorded with its six photos, which the photo processor makes ready for staff as for a multipart request.
    await vi.waitFor(
      async () => {
        const row = await stack.testDb.db.selectFrom('submissions').select(['photos']).where('email', '=', 'chidi.okafor@example.ng').executeTakeFirst();
        expect(row?.photos.map((photo) => [photo.label, photo.state])).toEqual(SLOTS.map((label) => [label, 'ready']));
      },
      { timeout: 20_000, interval: 100 },
    );
  }, 120_000);

  it('when the API is too busy to start uploads (503, tried again), the photos go with the form as one multipart request', async () => {
    const owner = await stack.browser.newPage();
    let refusedCreations = 0;
    await owner.route('**/api/photo-uploads', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      refusedCreations += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'service_unavailable', message: 'Too many photos are being uploaded right now. Please try again in a few minutes.' }) });
    });
    await owner.goto(`${stack.api.url}/sell-car`);
    const form = owner.getByRole('form', { name: 'Sell your car form' });
    for (const label of SLOTS) await owner.getByLabel(label, { exact: true }).setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: PHOTO });
    for (const label of SLOTS) await form.getByRole('status').filter({ hasText: `${label} will be sent with the form` }).waitFor();
    // Tried again before giving up on uploads: three creations a photo.
    expect(refusedCreations).toBe(SLOTS.length * 3);

    await fillSellCarFields(form, {
      fullName: 'Amaka Nwosu',
      phone: '+234 803 555 0312',
      email: 'amaka.nwosu@example.ng',
      make: 'Toyota',
      model: 'Camry',
      year: '2019',
      odometerKm: '64000',
      fuelType: 'petrol',
      transmission: 'automatic',
      askingPriceNgn: '14500000',
    });
    await form.getByLabel(/^I agree/).check();
    const sent = owner.waitForRequest((request) => request.url().endsWith('/api/sell-car-submissions') && request.method() === 'POST');
    await form.getByRole('button', { name: 'Submit Request' }).click();
    expect(await (await sent).headerValue('content-type')).toMatch(/^multipart\/form-data/);
    await owner.getByText('Your car selling request has been submitted successfully!').waitFor();
    await vi.waitFor(
      async () => {
        const row = await stack.testDb.db.selectFrom('submissions').select(['photos']).where('email', '=', 'amaka.nwosu@example.ng').executeTakeFirst();
        expect(row?.photos.map((photo) => [photo.label, photo.state])).toEqual(SLOTS.map((label) => [label, 'ready']));
      },
      { timeout: 20_000, interval: 100 },
    );
  }, 120_000);
});
