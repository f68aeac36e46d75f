import { WIKI_CATEGORY_REQUIRED, type WikiCategory } from '@butler/contract/wiki';
import { describe, expect, it } from 'vitest';
import { categoryBody, categoryProblems, categoryStart } from './category-rules';

const values = {
  name: ' Passwörter ',
  icon: ' 🔑 ',
  description: '   ',
  allows_encryption: true,
  allows_files: false,
  butler_may_reveal: true,
};

describe('wiki category dialog (SPEC §5)', () => {
  it('starts empty with every switch off, or with the category (no description: empty)', () => {
    expect(categoryStart(null)).toEqual({
      name: '',
      icon: '',
      description: '',
      allows_encryption: false,
      allows_files: false,
      butler_may_reveal: false,
    });
    const category = { ...values, id: 3, name: 'Dokumente', icon: '📁', description: null } as unknown as WikiCategory;
    expect(categoryStart(category)).toMatchObject({ name: 'Dokumente', icon: '📁', description: '' });
  });

  it('name and icon are required; blanks count as missing', () => {
    expect(categoryProblems({ ...values, name: ' ', icon: '' })).toEqual({
      name: WIKI_CATEGORY_REQUIRED,
      icon: WIKI_CATEGORY_REQUIRED,
    });
    expect(categoryProblems({ ...values, icon: '' })).toEqual({ icon: WIKI_CATEGORY_REQUIRED });
    expect(categoryProblems(values)).toEqual({});
  });

  it('sends trimmed texts, an empty description as null, the Butler switch only when allowed', () => {
    expect(categoryBody(values, true)).toEqual({
      name: 'Passwörter',
      icon: '🔑',
      description: null,
      allows_encryption: true,
      allows_files: false,
      butler_may_reveal: true,
    });
    expect(categoryBody(values, false)).not.toHaveProperty('butler_may_reveal');
  });
});
