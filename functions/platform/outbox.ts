/** Local development only: mail lands in KV instead of an inbox, newest first at /dev/outbox. */
export interface OutboxMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  sentAt: string;
}

const PREFIX = 'dev-outbox:';
const KEEP_SECONDS = 7 * 24 * 3600;

export async function writeToOutbox(kv: KVNamespace, mail: Omit<OutboxMail, 'id' | 'sentAt'>) {
  const sentAt = new Date().toISOString();
  // Keys sort newest first: an inverted timestamp, then a random suffix.
  const key = `${PREFIX}${String(9_999_999_999_999 - Date.now()).padStart(13, '0')}:${crypto.randomUUID()}`;
  const entry: OutboxMail = { id: key.slice(PREFIX.length), sentAt, ...mail };
  await kv.put(key, JSON.stringify(entry), { expirationTtl: KEEP_SECONDS });
}

export async function listOutbox(kv: KVNamespace | null, { to, limit = 50 }: { to?: string; limit?: number } = {}) {
  if (!kv) return [];
  const list = await kv.list({ prefix: PREFIX, limit: 200 });
  const mails: OutboxMail[] = [];
  for (const k of list.keys) {
    const mail = await kv.get<OutboxMail>(k.name, 'json');
    if (mail && (!to || mail.to.toLowerCase() === to.toLowerCase())) mails.push(mail);
    if (mails.length >= limit) break;
  }
  return mails;
}
