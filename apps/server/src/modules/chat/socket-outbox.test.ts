import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { textFrame } from './socket-outbox.ts';

/** `ws`'s own framing (exported by the package, not declared by its types). */
const { Sender } = ws as unknown as {
  Sender: { frame(data: Buffer, options: Record<string, boolean | number>): Buffer[] };
};

/** The frame `ws` itself writes for a text message from a server (unmasked, final, uncompressed). */
const framedByWs = (text: string) =>
  Buffer.concat(
    Sender.frame(Buffer.from(text), {
      fin: true,
      mask: false,
      opcode: 1,
      readOnly: true,
      rsv1: false,
    }),
  );

describe('textFrame', () => {
  it('builds the bytes ws sends for a text frame, at every length encoding and in UTF-8', () => {
    for (const text of ['', 'a'.repeat(125), 'a'.repeat(126), 'a'.repeat(65_535), 'a'.repeat(65_536), '台北 見面 👋']) {
      expect(textFrame(text).equals(framedByWs(text))).toBe(true);
    }
  });
});
