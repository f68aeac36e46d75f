import { WIKI_LINK_INVALID, WIKI_REQUIRED, type WikiCategory } from '@butler/contract/wiki';
import { describe, expect, it } from 'vitest';
import { emptyValues, entryProblems, isPasswordCategory, isProjectCategory } from './entry-rules';

const category = (name: string, allows_encryption = false) => ({ id: 1, name, allows_encryption }) as WikiCategory;
const note = { ...emptyValues, customerId: 3, categoryId: 1, title: 'Heizung', content: '<p>Service im März</p>' };

describe('wiki entry dialog (SPEC §4, §5)', () => {
  it('a category is encrypted when it allows it or is called Passwörter', () => {
    expect(isPasswordCategory(category('Zugänge', true))).toBe(true);
    expect(isPasswordCategory(category(' passwörter '))).toBe(true);
    expect(isPasswordCategory(category('Dokumente'))).toBe(false);
    expect(isPasswordCategory(undefined)).toBe(false);
    expect(isProjectCategory(category('Projekte'))).toBe(true);
    expect(isProjectCategory(category('Projektideen'))).toBe(false);
  });

  it('customer, category, title and content are required; empty rich text counts as empty', () => {
    expect(entryProblems(emptyValues, false, false)).toEqual({
      customerId: WIKI_REQUIRED,
      categoryId: WIKI_REQUIRED,
      title: WIKI_REQUIRED,
      content: WIKI_REQUIRED,
    });
    expect(entryProblems({ ...note, content: '<p>&nbsp;</p><br>' }, false, false)).toEqual({ content: WIKI_REQUIRED });
    expect(entryProblems(note, false, false)).toEqual({});
  });

  it('a password entry needs the password when created, not when edited', () => {
    const secret = { ...note, content: '' };
    expect(entryProblems(secret, true, false)).toEqual({ password: WIKI_REQUIRED });
    expect(entryProblems(secret, true, true)).toEqual({});
  });

  it('a link must be http or https', () => {
    expect(entryProblems({ ...note, externalLink: 'ftp://example.at' }, false, false)).toEqual({
      externalLink: WIKI_LINK_INVALID,
    });
    expect(entryProblems({ ...note, externalLink: ' https://example.at ' }, false, false)).toEqual({});
  });
});
