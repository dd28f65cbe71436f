import sharp from 'sharp';
import type { TestApp } from './app.ts';

/** Uploads a generated PNG through the real multipart route, as the web client does; answers the image's id. */
export async function uploadTestImage(t: TestApp, token: string, size = { width: 400, height: 300 }): Promise<string> {
  const png = await sharp({ create: { ...size, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const boundary = '----polaris-test-image';
  const response = await t.app.inject({
    method: 'POST',
    url: '/rest/polarisex/activity/image/upload',
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return (response.json() as { attachment: { id: string } }).attachment.id;
}
