import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../functions/domain/cursor';
import { badgeText, previewText } from '../../functions/domain/notifications/bell';
import { closeBackCode, reconnectDelay } from '../../functions/realtime/protocol';

describe('the bell badge and previews', () => {
  it("shows nothing at 0, the count up to 99, then '99+'", () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(105)).toBe('99+');
  });

  it('cuts a preview at 80 characters, whole characters, with an ellipsis only when cut', () => {
    expect(previewText('x'.repeat(80))).toBe('x'.repeat(80));
    expect(previewText('x'.repeat(81))).toBe(`${'x'.repeat(80)}…`);
    expect(previewText(`${'é'.repeat(79)}😀😀`)).toBe(`${'é'.repeat(79)}😀…`);
    expect(previewText('  two\nlines  ')).toBe('two lines');
  });
});

describe('reconnect backoff', () => {
  it('grows exponentially from about a second, is capped at 30 s, and is jittered', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
    expect(reconnectDelay(20, () => 0)).toBe(15_000);
  });
});

describe('cursors', () => {
  it('round-trip (created_at, id) and refuse anything else', () => {
    const c = encodeCursor(new Date(1_700_000_000_123), 'abc-123');
    expect(c).toBe('1700000000123_abc-123');
    expect(decodeCursor(c)).toEqual({ at: 1_700_000_000_123, id: 'abc-123' });
    expect(decodeCursor('nope')).toBeNull();
    expect(decodeCursor("1_x' or 1=1")).toBeNull();
  });
});

describe('closeBackCode', () => {
  it('answers a close with its own code when it may be sent, else 1000', () => {
    // A dropped connection (1006) and a close without a code (1005) are never sent back: a channel that
    // echoed 1006 threw in webSocketClose.
    expect([1005, 1006, 1004, 1015, 999, 2000, 5000].map(closeBackCode)).toEqual([
      1000, 1000, 1000, 1000, 1000, 1000, 1000,
    ]);
    expect([1000, 1001, 1008, 1011, 3000, 4001, 4008, 4999].map(closeBackCode)).toEqual([
      1000, 1001, 1008, 1011, 3000, 4001, 4008, 4999,
    ]);
  });
});
