import {
  isHttpLink,
  WIKI_LINK_INVALID,
  WIKI_PASSWORD_CATEGORY_NAME,
  WIKI_PROJECT_CATEGORY_NAME,
  WIKI_REQUIRED,
  type WikiCategory,
} from '@butler/contract/wiki';

export type EntryValues = {
  customerId: number | null;
  categoryId: number | null;
  title: string;
  content: string;
  username: string;
  password: string;
  externalLink: string;
  isFeatured: boolean;
  project: boolean;
  files: File[];
};

export const emptyValues: EntryValues = {
  customerId: null,
  categoryId: null,
  title: '',
  content: '',
  username: '',
  password: '',
  externalLink: '',
  isFeatured: false,
  project: false,
  files: [],
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase();

/** SPEC §4: encrypted automatically in a category that allows it or is named 'Passwörter'. */
export function isPasswordCategory(category: WikiCategory | undefined) {
  return !!category && (category.allows_encryption || same(category.name, WIKI_PASSWORD_CATEGORY_NAME));
}

/** The project category offers create/sync of a project (SPEC §4, 'Category 2'). */
export function isProjectCategory(category: WikiCategory | undefined) {
  return !!category && same(category.name, WIKI_PROJECT_CATEGORY_NAME);
}

/** Rich-text content with no visible text counts as empty. */
function hasText(html: string) {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim().length > 0
  );
}

/** Field errors in SPEC §5 words; empty object when the form may be sent. */
export function entryProblems(values: EntryValues, password: boolean, editing: boolean) {
  const errors: Partial<Record<keyof EntryValues, string>> = {};
  if (!values.customerId) errors.customerId = WIKI_REQUIRED;
  if (!values.categoryId) errors.categoryId = WIKI_REQUIRED;
  if (!values.title.trim()) errors.title = WIKI_REQUIRED;
  // Editing a password entry may leave the password as it is.
  if (password ? !editing && !values.password : !hasText(values.content)) {
    errors[password ? 'password' : 'content'] = WIKI_REQUIRED;
  }
  if (values.externalLink.trim() && !isHttpLink(values.externalLink.trim())) errors.externalLink = WIKI_LINK_INVALID;
  return errors;
}
