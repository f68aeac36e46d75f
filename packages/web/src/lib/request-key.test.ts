import { describe, expect, it } from 'vitest';
import { newRequestKey } from './request-key';

describe('newRequestKey', () => {
  it('draws keys every idempotent route accepts, different each time', () => {
    const keys = Array.from({ length: 200 }, newRequestKey);
    // The strictest server rule (hour orders, time entries): 16–64 of A–Z a–z 0–9 _ -.
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
