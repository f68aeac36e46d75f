import { describe, expect, it } from 'vitest';
import { feedFacts, withoutUrl } from './calendar-feed-rules';

describe('feedFacts', () => {
  it('says since when and when a calendar last fetched it, in Vienna time', () => {
    expect(feedFacts({ created_at: '2026-12-03T09:05:00Z', last_used_at: '2026-12-04T17:30:00Z' })).toEqual([
      'Eingeschaltet am 03.12.2026, 10:05',
      'Zuletzt abgerufen am 04.12.2026, 18:30',
    ]);
  });

  it('says so when no calendar fetched it yet', () => {
    expect(feedFacts({ created_at: '2026-07-01T08:00:00Z', last_used_at: null })).toEqual([
      'Eingeschaltet am 01.07.2026, 10:00',
      'Noch nie abgerufen',
    ]);
  });
});

describe('withoutUrl', () => {
  it('keeps what the feed list holds and drops the secret address', () => {
    const created = { scope: 'own' as const, created_at: 'a', last_used_at: null, url: 'https://x/ics/secret' };
    expect(withoutUrl(created)).toEqual({ scope: 'own', created_at: 'a', last_used_at: null });
  });
});
