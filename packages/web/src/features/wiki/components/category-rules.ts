import { WIKI_CATEGORY_REQUIRED, type WikiCategory } from '@butler/contract/wiki';

export type CategoryValues = {
  name: string;
  icon: string;
  description: string;
  allows_encryption: boolean;
  allows_files: boolean;
  butler_may_reveal: boolean;
};

export const categoryStart = (category: WikiCategory | null): CategoryValues => ({
  name: category?.name ?? '',
  icon: category?.icon ?? '',
  description: category?.description ?? '',
  allows_encryption: category?.allows_encryption ?? false,
  allows_files: category?.allows_files ?? false,
  butler_may_reveal: category?.butler_may_reveal ?? false,
});

/** SPEC §5: name and emoji icon are required, in one sentence. */
export function categoryProblems(v: CategoryValues): Partial<Record<keyof CategoryValues, string>> {
  const problems: Partial<Record<keyof CategoryValues, string>> = {};
  if (!v.name.trim()) problems.name = WIKI_CATEGORY_REQUIRED;
  if (!v.icon.trim()) problems.icon = WIKI_CATEGORY_REQUIRED;
  return problems;
}

/**
 * Trimmed texts, an empty description as null; "Butler dürfen Passwörter anzeigen" only
 * from who may see the stored passwords (absent: the server leaves it as it is).
 */
export const categoryBody = (v: CategoryValues, mayShare: boolean) => ({
  name: v.name.trim(),
  icon: v.icon.trim(),
  description: v.description.trim() || null,
  allows_encryption: v.allows_encryption,
  allows_files: v.allows_files,
  ...(mayShare ? { butler_may_reveal: v.butler_may_reveal } : {}),
});
