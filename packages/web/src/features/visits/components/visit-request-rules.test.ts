import type { OpenVisitRequest, Visit } from '@butler/contract/visits';
import { describe, expect, it } from 'vitest';
import {
  requestAsked,
  requestMessage,
  requestsShown,
  requestVisitWhen,
  resolveNoteErrors,
  visitCardLabel,
} from './visit-request-rules';

const visit = (id: number, customerId: number) =>
  ({
    id,
    customer_id: customerId,
    customer_name: 'Maria Gruber',
    date: '2026-12-08',
    start_time: '09:00',
    end_time: '11:00',
    request: null,
  }) as unknown as Visit;
const open = (id: number, customerId: number): OpenVisitRequest => ({
  id,
  kind: 'move',
  message: 'lieber am Nachmittag',
  created_at: '2026-12-03T09:05:00Z',
  visit: visit(id * 10, customerId),
});

describe('visit request texts', () => {
  it('says when the customer asked, in Vienna time', () => {
    expect(requestAsked({ created_at: '2026-12-03T09:05:00Z' })).toBe('angefragt am 03.12.2026, 10:05');
  });

  it('shows the customer’s words, or that there are none', () => {
    expect(requestMessage({ message: ' lieber am Nachmittag ' })).toBe('lieber am Nachmittag');
    expect(requestMessage({ message: '  ' })).toBe('Ohne Nachricht');
  });

  it('names the visit by day and time', () => {
    expect(requestVisitWhen(visit(1, 1))).toBe('Di., 08.12.2026, 09:00–11:00 Uhr');
  });

  it('keeps the card’s name as before and says an open wish at its end', () => {
    expect(visitCardLabel(visit(1, 1))).toBe('09:00–11:00 Maria Gruber: Termin öffnen');
    const asked = { ...visit(1, 1), request: open(1, 1) };
    expect(visitCardLabel(asked)).toBe('09:00–11:00 Maria Gruber: Termin öffnen (Wunsch offen)');
  });
});

describe('requestsShown', () => {
  const all = [open(1, 7), open(2, 8), open(3, 7)];
  it('lists every wish without a customer chosen, in the server’s order', () => {
    expect(requestsShown(all, null).map((r) => r.id)).toEqual([1, 2, 3]);
  });
  it('lists only the chosen customer’s', () => {
    expect(requestsShown(all, 7).map((r) => r.id)).toEqual([1, 3]);
    expect(requestsShown(all, 9)).toEqual([]);
  });
});

describe('resolveNoteErrors', () => {
  it('takes no note or a short one, and refuses one over the limit', () => {
    expect(resolveNoteErrors({ note: '' })).toEqual({});
    expect(resolveNoteErrors({ note: 'Telefoniert, bleibt wie geplant.' })).toEqual({});
    expect(resolveNoteErrors({ note: 'x'.repeat(501) }).note).toBe('Höchstens 500 Zeichen');
  });
});
