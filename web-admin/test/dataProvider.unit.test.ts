import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { AccessDenied, answerOf, dataProvider } from '../src/dataProvider';
import { authProvider } from '../src/authProvider';

/** Answers every fetch with this status and JSON body, and keeps the requests. */
function serverAnswers(status: number, body: unknown) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo, init?: RequestInit) => {
    requests.push(new Request(new URL(String(input), 'http://console.test'), init));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return requests;
}

/** A stand-in for the browser's XMLHttpRequest: reports the upload in two halves, then answers. */
function uploadAnswers(status: number, body: unknown) {
  const sent: Array<{ url: string; withCredentials: boolean; form: FormData }> = [];
  class FakeUpload {
    withCredentials = false;
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      sent.push({ url: this.url, withCredentials: this.withCredentials, form });
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the console's own calls", () => {
  it('go with the session cookie and answer { data } like the rest of the dataProvider', async () => {
    const requests = serverAnswers(200, { updated: 2, skipped: [] });
    await expect(dataProvider.applyQaFix(['a', 'b'], 'delist')).resolves.toEqual({ data: { updated: 2, skipped: [] } });
    expect(requests[0]!.url).toBe('http://console.test/api/admin/inventory-qa/bulk-update');
    expect(requests[0]!.credentials).toBe('same-origin');
    await expect(requests[0]!.json()).resolves.toEqual({ ids: ['a', 'b'], fix: 'delist' });
  });

  it('publish without a body, so the API does not refuse an empty JSON one', async () => {
    const requests = serverAnswers(200, { vehicleId: 'byd-han-ev-2025' });
    await dataProvider.publishCollectedRecord('byd-han-ev-2025');
    expect(requests[0]!.headers.get('Content-Type')).toBeNull();
    expect(requests[0]!.body).toBeNull();
  });

  it('fail on a 401 with an HttpError that the authProvider takes as the end of the session', async () => {
    serverAnswers(401, { code: 'sign_in_required', message: 'Please sign in' });
    const refusal = await dataProvider.getInventoryQa().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ status: 401, message: 'Please sign in' });
    await expect(authProvider.checkError(refusal)).rejects.toThrow('Your session has ended');
  });

  it('keep the staff member signed in on a 403, and say nothing of the session on other failures', async () => {
    serverAnswers(403, { message: 'Staff changes are accepted only from the AutoBest console on this site.' });
    const forbidden = await dataProvider.getDataCollection().catch((error: unknown) => error);
    await expect(authProvider.checkError(forbidden)).rejects.toEqual({ logoutUser: false });
    serverAnswers(409, { message: 'Only a Done record (data and images verified) can be published' });
    const conflict = await dataProvider.publishCollectedRecord('byd-han-ev-2025').catch((error: unknown) => error);
    expect(conflict).toMatchObject({ status: 409, message: 'Only a Done record (data and images verified) can be published' });
    await expect(authProvider.checkError(conflict)).resolves.toBeUndefined();
  });
});

describe('file uploads', () => {
  const file = new File(['[]'], 'stock.json', { type: 'application/json' });

  it('send the file as its multipart part with the session cookie and report the share sent', async () => {
    const sent = uploadAnswers(200, { total: 0, succeeded: 0, failed: 0, errors: [] });
    const progress: number[] = [];
    await expect(dataProvider.importInventory(file, (fraction) => progress.push(fraction))).resolves.toEqual({ data: { total: 0, succeeded: 0, failed: 0, errors: [] } });
    expect(sent[0]!.url).toBe('/api/admin/vehicles/import');
    expect(sent[0]!.withCredentials).toBe(true);
    expect((sent[0]!.form.get('file') as File).name).toBe('stock.json');
    expect(progress).toEqual([0.5, 1]);
  });

  it('fail on a 401 with the same HttpError as every other call, and fall back to their own sentence', async () => {
    uploadAnswers(401, { message: 'Please sign in' });
    await expect(dataProvider.uploadVehicleImage(file, () => {})).rejects.toMatchObject({ status: 401, message: 'Please sign in' });
    uploadAnswers(502, undefined);
    await expect(dataProvider.uploadVehicleImage(file, () => {})).rejects.toMatchObject({ status: 502, message: 'The image could not be uploaded' });
  });
});

describe('answerOf', () => {
  it("turns react-admin's stand-in answer for a call the authProvider took over into AccessDenied", () => {
    expect(() => answerOf({ data: {} })).toThrow(AccessDenied);
    expect(answerOf({ data: [] })).toEqual([]);
    expect(answerOf({ data: { vehicleId: 'x' } })).toEqual({ vehicleId: 'x' });
    expect(answerOf({ data: undefined })).toBeUndefined();
  });
});
