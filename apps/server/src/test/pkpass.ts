import { unzipSync } from 'fflate';

/** What a .pkpass holds, by file name, and its pass.json read (the browser journey and the API tests check both). */
export function readPkpass(bytes: Uint8Array): { files: string[]; pass: Record<string, unknown> } {
  const files = unzipSync(bytes);
  const json = files['pass.json'];
  if (!json) throw new Error('no pass.json in the .pkpass');
  return { files: Object.keys(files).sort(), pass: JSON.parse(Buffer.from(json).toString()) };
}
