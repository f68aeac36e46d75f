import { describe, expect, it } from 'vitest';
import { type EditorValues, localErrors, toInput } from './editor-state';
import { newLine } from './line-editor';

const values = (over: Partial<EditorValues> = {}): EditorValues => ({
  customerId: 7,
  invoiceDate: '2026-11-20',
  dueDate: '2026-12-04',
  servicePeriodStart: null,
  servicePeriodEnd: null,
  notes: '',
  lines: [newLine({ description: 'Organisation Übersiedlung', quantity: 2, unit_price: 48 })],
  timeEntryIds: [],
  ...over,
});

describe('localErrors (the editor refuses what the server would refuse, in its words)', () => {
  it('accepts a complete invoice', () => {
    expect(localErrors(values(), false)).toEqual({});
  });

  it('needs a customer, a date and at least one line', () => {
    expect(localErrors(values({ customerId: null, invoiceDate: null, lines: [] }), false)).toEqual({
      customer_id: 'Bitte wählen Sie einen Kunden aus',
      invoice_date: 'Bitte geben Sie ein Rechnungsdatum an',
      items: 'Bitte fügen Sie mindestens eine Position hinzu',
    });
  });

  it('names the field of the line that is wrong', () => {
    const lines = [
      newLine({ description: 'ok', quantity: 1, unit_price: 10 }),
      newLine({ description: ' ', quantity: 0, unit: '', unit_price: '' }),
    ];
    expect(localErrors(values({ lines }), false)).toEqual({
      'items.1.description': 'Bitte geben Sie eine Beschreibung an',
      'items.1.quantity': 'Die Menge muss größer als 0 sein',
      'items.1.unit_price': 'Bitte geben Sie einen Betrag an',
      'items.1.unit': 'Bitte geben Sie eine Einheit an',
    });
  });

  it('asks for the reason of a 0 % line, except as a Kleinunternehmer', () => {
    const lines = [newLine({ description: 'Durchlaufposten', quantity: 1, unit_price: 5, tax_rate: '0' })];
    expect(localErrors(values({ lines }), false)).toEqual({
      'items.0.tax_exemption': 'Bitte wählen Sie für 0\u00a0% den Grund der Steuerbefreiung',
    });
    expect(localErrors(values({ lines }), true)).toEqual({});
  });

  it('refuses a due date before the invoice date and a service period that ends before it starts', () => {
    expect(
      localErrors(
        values({ dueDate: '2026-11-19', servicePeriodStart: '2026-11-10', servicePeriodEnd: '2026-11-01' }),
        false,
      ),
    ).toEqual({
      due_date: 'Das Fälligkeitsdatum darf nicht vor dem Rechnungsdatum liegen',
      service_period_end: 'Das Ende des Leistungszeitraums darf nicht vor dem Beginn liegen',
    });
    // The same day is allowed for both.
    expect(localErrors(values({ dueDate: '2026-11-20' }), false)).toEqual({});
  });
});

describe('toInput (the request body)', () => {
  it('sends numbers, trims the notes to null and drops the reason of a line that is not 0 %', () => {
    const lines = [
      newLine({ description: 'A', quantity: '1.5', unit_price: '48', tax_rate: '20', tax_exemption: 'reverse_charge' }),
      newLine({ description: 'B', quantity: 1, unit_price: 50, tax_rate: '0', tax_exemption: 'reverse_charge' }),
    ];
    const body = toInput(values({ notes: '   ', lines, timeEntryIds: [3] }));
    expect(body.notes).toBeNull();
    expect(body.items.map((i) => [i.quantity, i.unit_price, i.tax_rate, i.tax_exemption])).toEqual([
      [1.5, 48, 20, null],
      [1, 50, 0, 'reverse_charge'],
    ]);
    expect(body.time_entry_ids).toEqual([3]);
  });

  it('sends an empty amount as NaN, which the server refuses with its own German text', () => {
    const body = toInput(values({ lines: [newLine({ description: 'A', quantity: '', unit_price: '' })] }));
    expect(Number.isNaN(body.items[0].quantity)).toBe(true);
    expect(Number.isNaN(body.items[0].unit_price)).toBe(true);
  });
});
