import { describe, expect, it } from 'vitest';
import { type NewTimeEntryRequest, onNewTimeEntry, openNewTimeEntry } from './events';

describe('"Neuer Zeiteintrag" requests', () => {
  it('a request made before the dialog has loaded opens it when it arrives, once', () => {
    openNewTimeEntry({ customerId: 7 });
    const first: NewTimeEntryRequest[] = [];
    const stop = onNewTimeEntry((request) => first.push(request));
    expect(first).toEqual([{ customerId: 7 }]);
    stop();
    const second: NewTimeEntryRequest[] = [];
    onNewTimeEntry((request) => second.push(request))();
    expect(second).toEqual([]);
  });

  it('with the dialog there, each request goes straight to it and nothing waits', () => {
    const seen: NewTimeEntryRequest[] = [];
    const stop = onNewTimeEntry((request) => seen.push(request));
    openNewTimeEntry();
    openNewTimeEntry({ customerId: 3 });
    stop();
    expect(seen).toEqual([{}, { customerId: 3 }]);
    const later: NewTimeEntryRequest[] = [];
    onNewTimeEntry((request) => later.push(request))();
    expect(later).toEqual([]);
  });
});
