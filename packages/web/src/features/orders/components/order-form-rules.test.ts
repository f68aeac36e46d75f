import { describe, expect, it } from 'vitest';
import { emptyOrderForm, orderCreateBody, orderFormErrors } from './order-form-rules';

describe('order form rules', () => {
  it('asks what it is about, and for the other address when chosen', () => {
    expect(orderFormErrors(emptyOrderForm())).toEqual({ title: 'Bitte geben Sie an, worum es geht' });
    expect(orderFormErrors({ ...emptyOrderForm(), title: 'Fenster putzen', where: 'other' })).toEqual({
      location: 'Bitte geben Sie die Adresse an',
    });
    expect(orderFormErrors({ ...emptyOrderForm(), title: 'x'.repeat(151) }).title).toBe('Höchstens 150 Zeichen');
  });

  it('sends the own address as null and the channel only for staff', () => {
    const v = { ...emptyOrderForm('phone'), title: ' Fenster ', location: 'egal' };
    expect(orderCreateBody(v, 'key-12345', false)).toEqual({
      title: 'Fenster',
      details: '',
      due_date: null,
      location: null,
      urgent: false,
      idempotency_key: 'key-12345',
    });
    expect(orderCreateBody({ ...v, where: 'other' }, 'key-12345', true)).toMatchObject({
      location: 'egal',
      channel: 'phone',
    });
  });
});
