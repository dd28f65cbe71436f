import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

interface SmsMessage {
  /** E.164, e.g. `+886912345678`. */
  to: string;
  text: string;
}

export interface SmsSender {
  /** Where texts go, for the start-up log: the gateway URL or the outbox folder. */
  readonly destination: string;
  send(message: SmsMessage): Promise<void>;
}

/**
 * An SMS gateway reached over HTTP: each text is one JSON POST `{ to, text }` to SMS_GATEWAY_URL, with
 * `Authorization: Bearer SMS_GATEWAY_TOKEN` when a token is set. Any answer but 2xx, or no answer within 10 s,
 * is a failed send.
 */
export function httpSmsGateway(options: { url: string; token?: string; timeoutMs?: number }): SmsSender {
  return {
    destination: options.url,
    async send(message) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

/**
 * LOCAL DEFAULT, NOT A REAL SMS: without SMS_GATEWAY_URL each text is written to DATA_DIR/outbox as
 * `<time>-<seq>-sms-<number>.txt` (beside the outbox mail) and logged, so a local user can read the code.
 */
function outboxSms(options: { dataDir: string; log: FastifyBaseLogger }): SmsSender {
  const outbox = path.join(options.dataDir, 'outbox');
  let sequence = 0;
  return {
    destination: outbox,
    async send(message) {
      await mkdir(outbox, { recursive: true });
      sequence = (sequence + 1) % 1000;
      const safe = message.to.replace(/[^0-9+]/g, '_');
      const file = path.join(outbox, `${Date.now()}-${String(sequence).padStart(3, '0')}-sms-${safe}.txt`);
      await writeFile(file, `To: ${message.to}\n\n${message.text}\n`);
      options.log.info({ to: message.to, file }, `sms (outbox): ${message.text}`);
    },
  };
}

export function createSmsSender(options: {
  gatewayUrl?: string;
  gatewayToken?: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): SmsSender {
  return options.gatewayUrl
    ? httpSmsGateway({ url: options.gatewayUrl, token: options.gatewayToken })
    : outboxSms({ dataDir: options.dataDir, log: options.log });
}
