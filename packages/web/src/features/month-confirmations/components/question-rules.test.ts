import { describe, expect, it } from 'vitest';
import { mayConfirmMonth, questionErrors } from './question-rules';

describe('Rückfrage rules', () => {
  it('needs words, at most 2000 characters', () => {
    expect(questionErrors({ message: '  ' })).toEqual({ message: 'Die Nachricht fehlt' });
    expect(questionErrors({ message: 'x'.repeat(2001) })).toEqual({ message: 'Höchstens 2000 Zeichen' });
    expect(questionErrors({ message: 'Das war kürzer.' })).toEqual({});
  });

  it('lets the customer confirm a month only while it is open and nothing waits for an answer', () => {
    expect(mayConfirmMonth({ state: 'to_confirm', open_questions: 0 })).toBe(true);
    expect(mayConfirmMonth({ state: 'to_confirm', open_questions: 1 })).toBe(false);
    expect(mayConfirmMonth({ state: 'confirmed', open_questions: 0 })).toBe(false);
  });
});
