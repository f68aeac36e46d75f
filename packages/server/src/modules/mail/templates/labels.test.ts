import { MAIL_TEMPLATE_LABELS } from '@butler/contract/mail';
import { describe, expect, it } from 'vitest';
import { mailTemplates } from './index.js';

describe('Postausgang', () => {
  it('names every kind of mail in German (no "account-invitation" on the screen, decision 0624)', () => {
    const unnamed = Object.keys(mailTemplates).filter((name) => !MAIL_TEMPLATE_LABELS[name]);
    expect(unnamed).toEqual([]);
  });
});
