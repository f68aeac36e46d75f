import { describe, expect, it } from 'vitest';
import { lastPage, readUrlFilters, urlParam, writeUrlFilters } from './url-filters';

const SCHEMA = {
  suche: urlParam.text(),
  status: urlParam.choice(['all', 'sent', 'overdue'], 'all'),
  person: urlParam.pattern(/^(admin:\d{1,10}|system)$/),
  kunde: urlParam.id(),
  von: urlParam.date(),
  seite: urlParam.page(),
};
const read = (query: string) => readUrlFilters(SCHEMA, new URLSearchParams(query));
const write = (query: string, patch: Parameters<typeof writeUrlFilters<typeof SCHEMA>>[2]) =>
  writeUrlFilters(SCHEMA, new URLSearchParams(query), patch).toString();

describe('list filters read from the address (decision 0660)', () => {
  it('an empty address is the unfiltered first page', () => {
    expect(read('')).toEqual({ suche: '', status: 'all', person: null, kunde: null, von: null, seite: 1 });
  });

  it('reads valid values as they are', () => {
    expect(read('suche=Gruber&status=overdue&person=admin%3A3&kunde=12&von=2026-02-28&seite=4')).toEqual({
      suche: 'Gruber',
      status: 'overdue',
      person: 'admin:3',
      kunde: 12,
      von: '2026-02-28',
      seite: 4,
    });
  });

  it('falls back to the default for unknown or malformed values instead of failing', () => {
    expect(read('status=bezahlt&person=root&kunde=abc&von=2026-02-30&seite=0')).toEqual(read(''));
    expect(read('kunde=-3&seite=-2&von=28.02.2026').kunde).toBeNull();
    expect(read('seite=2.5').seite).toBe(1);
    expect(read('seite=99999999999').seite).toBe(1);
    expect(read('kunde=1e3').kunde).toBeNull();
    expect(read('status=').status).toBe('all');
  });

  it('trims the search, ignores a blank one and cuts it to the API limit of 100 characters', () => {
    expect(read('suche=%20%20Maria%20').suche).toBe('Maria');
    expect(read('suche=%20%20').suche).toBe('');
    expect(read(`suche=${'x'.repeat(150)}`).suche).toHaveLength(100);
  });

  it('ignores parameters it does not know', () => {
    expect(read('tab=butlerpakete&foo=1')).toEqual(read(''));
  });
});

describe('list filters written to the address', () => {
  it('leaves defaults out, so the plain list has the plain address', () => {
    expect(write('status=sent', { status: 'all' })).toBe('');
    expect(write('', { suche: '', kunde: null, seite: 1 })).toBe('');
  });

  it('a changed filter starts again at page 1', () => {
    expect(write('status=sent&seite=3', { status: 'overdue' })).toBe('status=overdue');
    expect(write('seite=3', { suche: 'Gruber' })).toBe('suche=Gruber');
    expect(write('seite=3&kunde=4', { kunde: 5 })).toBe('kunde=5');
  });

  it('keeps the page when only the page changes or a filter is set to what it already is', () => {
    expect(write('status=sent', { seite: 2 })).toBe('status=sent&seite=2');
    expect(write('status=sent&seite=3', { status: 'sent' })).toBe('status=sent&seite=3');
  });

  it('keeps parameters that are not filters (a tab, an open record)', () => {
    expect(write('tab=stundenpakete&seite=2', { suche: 'Maria' })).toBe('tab=stundenpakete&suche=Maria');
  });

  it('writes numbers and dates so that they read back the same', () => {
    const query = write('', { kunde: 17, von: '2026-01-01', person: 'system' });
    expect(readUrlFilters(SCHEMA, new URLSearchParams(query))).toMatchObject({
      kunde: 17,
      von: '2026-01-01',
      person: 'system',
    });
  });
});

describe('the last page of a list (where a page past the end goes)', () => {
  it.each([
    { total: 0, pageSize: 25, last: 1, why: 'an empty list has page 1' },
    { total: 25, pageSize: 25, last: 1, why: 'a full page needs no second one' },
    { total: 26, pageSize: 25, last: 2, why: 'one row more opens a page' },
    { total: 1047, pageSize: 50, last: 21, why: 'a partial last page counts' },
  ])('$total rows of $pageSize a page: page $last ($why)', ({ total, pageSize, last }) => {
    expect(lastPage(total, pageSize)).toBe(last);
  });
});
