import type { Config } from '../env';
import { writeToOutbox } from './outbox';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The same key on a repeated send lets the provider deliver the mail once (the Idempotency-Key header). */
  idempotencyKey?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * The one mail interface. Production: an HTTP mail API (POST JSON with a bearer key — the shape
 * Resend, Postmark-compatible relays and most providers accept). Local: the dev outbox in KV,
 * readable at /dev/outbox.
 */
export function createMailer(config: Config, kv: KVNamespace | null): Mailer {
  if (config.isLocal && !config.MAIL_API_URL) {
    return {
      send: async (mail) => {
        if (!kv) throw new Error('The local mail outbox lives in KV: no KV binding here');
        const { idempotencyKey: _, ...letter } = mail;
        await writeToOutbox(kv, { ...letter, from: config.MAIL_FROM });
      },
    };
  }
  const url = config.MAIL_API_URL as string;
  const key = config.MAIL_API_KEY as string;
  return {
    async send(mail) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${key}`,
          ...(mail.idempotencyKey ? { 'idempotency-key': mail.idempotencyKey } : {}),
        },
        body: JSON.stringify({
          from: config.MAIL_FROM,
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        }),
      });
      if (!res.ok) throw new Error(`Mail API answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    },
  };
}
