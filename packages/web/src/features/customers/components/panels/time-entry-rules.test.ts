import { TIME_ENTRY_REQUIRED, type TimeEntry } from '@butler/contract/time-entries';
import { describe, expect, it } from 'vitest';
import { missingTimeEntryFields, timeEntryBody, timeEntryStart } from './time-entry-rules';

const complete = {
  customer: 4,
  project: '12',
  date: '2026-11-20',
  hours: 1.5,
  activity: 'Handwerker koordiniert',
  billing: 'abos' as const,
  billable: true,
};

describe('timeEntryStart (what the dialog shows when it opens, SPEC §5)', () => {
  it('a new entry: the given customer, today, ButlerPaket, billable, no hours yet', () => {
    expect(timeEntryStart(null, 4, '2026-11-27')).toEqual({
      customer: 4,
      project: null,
      date: '2026-11-27',
      hours: '',
      activity: '',
      billing: 'abos',
      billable: true,
    });
    expect(timeEntryStart(null, undefined, '2026-11-27').customer).toBeNull();
  });

  it('an existing entry: its own values, whatever customer the list is scoped to', () => {
    const entry = {
      id: 9,
      customer_id: 5,
      project_id: 31,
      work_date: '2026-10-02',
      hours: -0.5,
      activity_description: 'Gutschrift',
      billing_type: 'stundenpakete',
      is_billable: false,
    } as TimeEntry;
    expect(timeEntryStart(entry, 4, '2026-11-27')).toEqual({
      customer: 5,
      project: '31',
      date: '2026-10-02',
      hours: -0.5,
      activity: 'Gutschrift',
      billing: 'stundenpakete',
      billable: false,
    });
  });
});

describe('missingTimeEntryFields (every required field, SPEC §5)', () => {
  it('none for a complete entry; negative hours are corrections and allowed (DOMAIN-RULES §4)', () => {
    expect(missingTimeEntryFields(complete)).toEqual({});
    expect(missingTimeEntryFields({ ...complete, hours: -1 })).toEqual({});
  });

  it('marks each missing field; 0 hours count as missing, so do blanks-only activities', () => {
    expect(
      missingTimeEntryFields({ ...complete, customer: null, project: null, date: null, hours: 0, activity: '  ' }),
    ).toEqual({
      customer: TIME_ENTRY_REQUIRED,
      project: TIME_ENTRY_REQUIRED,
      date: TIME_ENTRY_REQUIRED,
      hours: TIME_ENTRY_REQUIRED,
      activity: TIME_ENTRY_REQUIRED,
    });
    expect(missingTimeEntryFields({ ...complete, hours: '' })).toEqual({ hours: TIME_ENTRY_REQUIRED });
  });
});

describe('timeEntryBody (the request)', () => {
  it('sends the project and hours as numbers with the billing choice', () => {
    expect(timeEntryBody({ ...complete, hours: '2.25', billing: 'stundenpakete', billable: false })).toEqual({
      project_id: 12,
      hours: 2.25,
      activity_description: 'Handwerker koordiniert',
      work_date: '2026-11-20',
      billing_type: 'stundenpakete',
      is_billable: false,
    });
  });
});
