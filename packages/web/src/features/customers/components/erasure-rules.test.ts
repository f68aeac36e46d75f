import { describe, expect, it } from 'vitest';
import { erasureProblems, erasureStart } from './erasure-rules';

describe('GDPR erasure confirmation (decision 0423)', () => {
  it('the typed name must be the customer’s, ignoring case and extra spaces', () => {
    expect(erasureProblems(erasureStart(), 'Maria Gruber')).toHaveProperty('typed');
    expect(erasureProblems({ typed: '  maria   GRUBER ' }, 'Maria Gruber')).toEqual({});
    expect(erasureProblems({ typed: 'Maria Grube' }, 'Maria Gruber')).toHaveProperty('typed');
    expect(erasureProblems({ typed: 'ÄRZTIN Öz' }, 'Ärztin öz')).toEqual({});
  });
});
