import { describe, expect, it } from 'vitest';
import { env } from './worker-call';

describe('KV', () => {
  it('round-trips a value with metadata and expiry', async () => {
    const key = `test:${crypto.randomUUID()}`;
    await env.KV.put(key, JSON.stringify({ a: 1 }), { metadata: { v: 2 }, expirationTtl: 120 });
    const { value, metadata } = await env.KV.getWithMetadata<{ v: number }>(key, 'json');
    expect(value).toEqual({ a: 1 });
    expect(metadata).toEqual({ v: 2 });
    await env.KV.delete(key);
    expect(await env.KV.get(key)).toBeNull();
  });
});

describe('R2', () => {
  it('stores and reads back an object with a range', async () => {
    const key = `test/${crypto.randomUUID()}.bin`;
    await env.MEDIA.put(key, new TextEncoder().encode('0123456789'));
    const part = await env.MEDIA.get(key, { range: { offset: 2, length: 3 } });
    expect(await part?.text()).toBe('234');
    await env.MEDIA.delete(key);
  });
});

describe('UserChannel Durable Object', () => {
  it('pushes an event to an open WebSocket and answers pings without waking', async () => {
    const stub = env.USER_CHANNEL.get(env.USER_CHANNEL.idFromName(`user-${crypto.randomUUID()}`));
    const res = await stub.fetch('http://do/connect', { headers: { Upgrade: 'websocket' } });
    expect(res.status).toBe(101);
    const ws = res.webSocket;
    if (!ws) throw new Error('no websocket');
    ws.accept();
    const received: string[] = [];
    const got = new Promise<void>((resolve) => {
      ws.addEventListener('message', (e) => {
        received.push(String(e.data));
        if (received.length === 2) resolve();
      });
    });
    ws.send('ping');
    expect(await stub.connections()).toBe(1);
    expect(await stub.push({ kind: 'notification', id: 'n1' })).toBe(1);
    await got;
    expect(received).toContain('pong');
    expect(received.map((m) => (m === 'pong' ? m : JSON.parse(m)))).toContainEqual({ kind: 'notification', id: 'n1' });
    ws.close(1000, 'done');
  });

  it('refuses a request that is not an upgrade', async () => {
    const stub = env.USER_CHANNEL.get(env.USER_CHANNEL.newUniqueId());
    const res = await stub.fetch('http://do/connect');
    expect(res.status).toBe(426);
  });
});
