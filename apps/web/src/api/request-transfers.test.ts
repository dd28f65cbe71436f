import { NETWORK_TIMEOUT_MS, REQUEST_TIMEOUT_MS, UPLOADS } from '@polaris/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, type FetchImpl, flush, rejection, setup } from './request-fixture.ts';

// Uploads and downloads move files: they get the 60 s network timeout, JSON calls the 300 s one (docs/decisions.md).

describe('timeouts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const hangingFetch: FetchImpl = (_url, init) =>
    new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it(`times a call out after ${REQUEST_TIMEOUT_MS} ms with a toast`, async () => {
    const { client, effects } = setup();
    effects.fetch.mockImplementationOnce(hangingFetch);
    const pending = rejection(client.get('/slow'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(effects.toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(effects.toast).toHaveBeenCalledWith('text:request.timeout');
  });

  it(`times an upload out after ${NETWORK_TIMEOUT_MS} ms with a toast`, async () => {
    const { client, effects } = setup();
    effects.fetch.mockImplementationOnce(hangingFetch);
    const pending = rejection(client.upload(UPLOADS.activityImage, new FormData()));
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS - 1);
    expect(effects.toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).kind).toBe('timeout');
    expect(effects.toast).toHaveBeenCalledWith('text:request.timeout');
  });

  it(`times a download out after ${NETWORK_TIMEOUT_MS} ms, also while the file is still arriving`, async () => {
    const { client, effects } = setup();
    // The headers come at once; the body never ends.
    effects.fetch.mockImplementationOnce(async (_url, init) => {
      const body = new ReadableStream({
        start(controller) {
          init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/csv' } });
    });
    const pending = rejection(client.download('/activity/manage/attendees.csv', 'text/csv'));
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS - 1);
    expect(effects.toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).kind).toBe('timeout');
    expect(effects.toast).toHaveBeenCalledWith('text:request.timeout');
  });

  it(`keeps the ${REQUEST_TIMEOUT_MS} ms timeout for a JSON call`, async () => {
    const { client, effects } = setup();
    effects.fetch.mockImplementationOnce(hangingFetch);
    const pending = rejection(client.post('/activity/signup', {}));
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS);
    expect(effects.toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - NETWORK_TIMEOUT_MS);
    expect((await pending).kind).toBe('timeout');
  });

  it('stays quiet when the caller cancels', async () => {
    const { client, effects } = setup();
    effects.fetch.mockImplementationOnce(hangingFetch);
    const controller = new AbortController();
    const pending = rejection(client.get('/slow', undefined, { signal: controller.signal }));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
    expect(effects.toast).not.toHaveBeenCalled();
  });
});

describe('uploads and downloads', () => {
  it('uploads a form with the identity and no JSON content type, and resolves the attachment', async () => {
    const { client, effects, lastCall } = setup();
    effects.fetch.mockResolvedValueOnce(envelope(200, 'Success', { id: 'img1' }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'cover.png');
    await expect(client.upload(UPLOADS.activityImage, form)).resolves.toEqual({ id: 'img1' });
    const { url, init } = lastCall();
    expect(url.pathname).toBe('/rest/polarisex/activity/image/upload');
    expect(url.searchParams.get('uid')).toBe('42');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    const headers = init.headers as Record<string, string>;
    expect(headers.token).toBe('tok-123');
    expect(headers['content-type']).toBeUndefined();
  });

  it('leaves an upload refused field by field to the form, like any call', async () => {
    const { client, effects } = setup();
    const fields = [{ field: 'file', message: 'Only JPEG, PNG and WebP images are accepted' }];
    effects.fetch.mockResolvedValueOnce(envelope(400, 'invalid', fields));
    const error = await rejection(client.upload(UPLOADS.activityImage, new FormData()));
    expect(error.kind).toBe('invalid');
    expect(error.fields).toEqual(fields);
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('resolves a download with its bytes and the name the server gave it', async () => {
    const { client, effects, lastCall } = setup();
    effects.fetch.mockResolvedValueOnce(
      new Response('name,uid\n', {
        status: 200,
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="a-7.csv"' },
      }),
    );
    const file = await client.download('/activity/manage/attendees.csv', 'text/csv', { params: { activityId: 'A7' } });
    expect(await file.blob.text()).toBe('name,uid\n');
    expect(file.filename).toBe('a-7.csv');
    const { url, init } = lastCall();
    expect(url.searchParams.get('activityId')).toBe('A7');
    expect((init.headers as Record<string, string>).accept).toBe('text/csv, application/json');
    expect((init.headers as Record<string, string>).token).toBe('tok-123');
  });

  it('handles a download refused in the envelope like any other call', async () => {
    const { client, effects, answerPrompt } = setup();
    effects.fetch.mockResolvedValueOnce(envelope(500, 'Export broke'));
    const broken = await rejection(client.download('/calendar/export.ics', 'text/calendar'));
    expect(broken.kind).toBe('business');
    expect(effects.toast).toHaveBeenCalledWith('Export broke');

    effects.fetch.mockResolvedValueOnce(envelope(9999, 'expired'));
    const expired = await rejection(client.download('/calendar/export.ics', 'text/calendar'));
    expect(expired.kind).toBe('session');
    expect(effects.clearSession).toHaveBeenCalled();
    expect(effects.confirmRelogin).toHaveBeenCalledTimes(1);
    answerPrompt(false);
    await flush();
    expect(effects.reload).toHaveBeenCalled();
  });

  it('fails a download answered with a success envelope instead of the file', async () => {
    const { client, effects } = setup();
    effects.fetch.mockResolvedValueOnce(envelope(200, 'Success', {}));
    const error = await rejection(client.download('/calendar/export.ics', 'text/calendar'));
    expect(error.kind).toBe('http');
    expect(effects.toast).toHaveBeenCalledWith('text:request.failed');
  });

  it('toasts a download that cannot reach the server', async () => {
    const { client, effects } = setup();
    effects.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await rejection(client.download('/calendar/export.ics', 'text/calendar'));
    expect(error.kind).toBe('network');
    expect(effects.toast).toHaveBeenCalledWith('text:request.network');
  });
});
