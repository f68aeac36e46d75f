import { TIME_ENTRY_REQUIRED, type TimeEntry } from '@butler/contract/time-entries';
import { describe, expect, it } from 'vitest';
import { entryHours, missingTimeEntryFields, timeEntryBody, timeEntryStart } from './time-entry-rules';

const complete = {
  customer: 4,
  project: '12',
  newProject: null,
  date: '2026-11-20',
  mode: 'duration' as const,
  hours: 1.5,
  from: '',
  to: '',
  activity: 'Handwerker koordiniert',
  billing: 'abos' as const,
  billable: true,
  fromTimer: false,
};

describe('timeEntryStart (what the dialog shows when it opens, SPEC §5)', () => {
  it('a new entry: the given customer, today, ButlerPaket, billable, no hours yet', () => {
    expect(timeEntryStart(null, 4, '2026-11-27')).toEqual({
      customer: 4,
      project: null,
      newProject: null,
      date: '2026-11-27',
      mode: 'duration',
      hours: '',
      from: '',
      to: '',
      activity: '',
      billing: 'abos',
      billable: true,
      fromTimer: false,
    });
    expect(timeEntryStart(null, undefined, '2026-11-27').customer).toBeNull();
  });

  it('a finished Termin: its day, hours and purpose, for the customer given, not booked from a timer', () => {
    const prefill = { work_date: '2026-12-02', hours: 1.75, activity_description: 'Drucker eingerichtet' };
    const start = timeEntryStart(null, 4, '2026-12-03', null, prefill);
    expect(start).toMatchObject({ customer: 4, date: '2026-12-02', hours: 1.75, activity: 'Drucker eingerichtet' });
    expect(start.fromTimer).toBe(false);
    expect(start.project).toBeNull();
  });

  it("a finished Termin's from–to on quarter hours is booked as Von–bis; other times as its rounded duration", () => {
    const base = { work_date: '2026-12-02', hours: 1.5, activity_description: 'Einkauf' };
    expect(timeEntryStart(null, 4, '2026-12-03', null, { ...base, from: '09:15', to: '10:45' })).toMatchObject({
      mode: 'span',
      from: '09:15',
      to: '10:45',
    });
    expect(timeEntryStart(null, 4, '2026-12-03', null, { ...base, from: '09:10', to: '10:40' })).toMatchObject({
      mode: 'duration',
      hours: 1.5,
    });
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
      newProject: null,
      date: '2026-10-02',
      mode: 'duration',
      hours: -0.5,
      from: '',
      to: '',
      activity: 'Gutschrift',
      billing: 'stundenpakete',
      billable: false,
      fromTimer: false,
    });
  });

  it('a stopped timer: its customer, day and rounded hours, its span at hand, booked from the timer (decision 0640)', () => {
    const timer = {
      customer_id: 7,
      customer_name: 'Maria Gruber',
      project_id: null,
      order: null,
      started_at: '2026-11-26T21:50:00Z',
      stopped_at: '2026-11-26T23:00:00Z',
      stopped_at_midnight: true,
      work_date: '2026-11-26',
      from: '22:50',
      to: '24:00',
      hours: 1.25,
    };
    expect(timeEntryStart(null, 4, '2026-11-27', timer)).toMatchObject({
      customer: 7,
      project: null,
      date: '2026-11-26',
      mode: 'duration',
      hours: 1.25,
      from: '22:50',
      to: '24:00',
      fromTimer: true,
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

  it('a from–to span needs both times, the end after the start; a new project needs its name', () => {
    const span = { ...complete, mode: 'span' as const, hours: '' };
    expect(missingTimeEntryFields({ ...span, from: '09:00', to: '10:30' })).toEqual({});
    expect(missingTimeEntryFields({ ...span, from: '09:00', to: '' })).toEqual({ to: TIME_ENTRY_REQUIRED });
    expect(missingTimeEntryFields({ ...span, from: '10:30', to: '09:00' })).toEqual({
      to: '„Bis“ muss nach „Von“ liegen',
    });
    expect(missingTimeEntryFields({ ...complete, project: null, newProject: ' ' })).toEqual({
      newProject: 'Bitte geben Sie einen Projektnamen ein',
    });
    expect(missingTimeEntryFields({ ...complete, project: null, newProject: 'Allgemein' })).toEqual({});
  });
});

describe('entryHours (decision 0641: a span books quarter hours, 7 ½ minutes round up, at least 0,25 h)', () => {
  it.each([
    ['09:00', '10:30', 1.5],
    ['09:00', '09:07', 0.25],
    ['09:00', '09:52', 0.75],
    ['09:00', '09:53', 1],
    ['22:50', '24:00', 1.25],
  ])('%s–%s → %s h', (from, to, hours) => {
    expect(entryHours({ mode: 'span', hours: '', from, to })).toBe(hours);
  });
  it('typed hours as typed; an invalid span books nothing', () => {
    expect(entryHours({ mode: 'duration', hours: '2.25', from: '', to: '' })).toBe(2.25);
    expect(entryHours({ mode: 'span', hours: 3, from: '10:00', to: '09:00' })).toBeNull();
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

  it('a span sends its quarter hours; a new project its name instead of an id; a timer booking says so', () => {
    expect(
      timeEntryBody({
        ...complete,
        project: null,
        newProject: ' Allgemein ',
        mode: 'span',
        from: '08:00',
        to: '09:45',
        fromTimer: true,
      }),
    ).toEqual({
      new_project_name: 'Allgemein',
      hours: 1.75,
      activity_description: 'Handwerker koordiniert',
      work_date: '2026-11-20',
      billing_type: 'abos',
      is_billable: true,
      from_timer: true,
    });
  });
});
