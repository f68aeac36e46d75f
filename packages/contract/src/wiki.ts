import { z } from 'zod';
import { zId, zOptionalText, zRequiredText } from './common.js';
import type { StaffRole } from './permissions.js';

/** SPEC §5, §9 and DOMAIN-RULES §6. */
export const WIKI_REQUIRED = 'Bitte füllen Sie alle Pflichtfelder aus';
export const WIKI_CATEGORY_REQUIRED = 'Bitte füllen Sie Name und Icon aus';
export const WIKI_SEARCH_MIN_LENGTH = 2;
export const WIKI_SEARCH_TOO_SHORT = 'Bitte geben Sie mindestens 2 Zeichen ein';
export const WIKI_LINK_INVALID = 'Bitte geben Sie einen gültigen Link an, der mit http:// oder https:// beginnt';
export const WIKI_RECENT_CUSTOMERS = 6;
/** Entries of a category with this name are always password entries (SPEC §4). */
export const WIKI_PASSWORD_CATEGORY_NAME = 'Passwörter';
/** Entries of a category with this name are project entries (docs/decisions/0144). */
export const WIKI_PROJECT_CATEGORY_NAME = 'Projekte';
export const WIKI_CONTENT_PREVIEW_LENGTH = 150;

const zRequiredId = z.coerce
  .number({ error: WIKI_REQUIRED })
  .int(WIKI_REQUIRED)
  .positive(WIKI_REQUIRED)
  .max(2_147_483_647, WIKI_REQUIRED);

/** Absolute http(s) link; anything else (javascript:, data:, relative) is refused. */
export function isHttpLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /^https?:\/\//i.test(value) && !!url.hostname;
  } catch {
    return false;
  }
}

const zLink = zOptionalText(2000).refine((value) => value === null || isHttpLink(value), WIKI_LINK_INVALID);

// Categories

export const zWikiCategoryInput = z.object({
  name: zRequiredText(WIKI_CATEGORY_REQUIRED, 100),
  icon: zRequiredText(WIKI_CATEGORY_REQUIRED, 32),
  description: zOptionalText(1000),
  allows_encryption: z.boolean({ error: 'Ungültiger Wert für Verschlüsselung' }).default(false),
  allows_files: z.boolean({ error: 'Ungültiger Wert für Datei-Upload' }).default(false),
  /** "Butler dürfen Passwörter anzeigen" (decision 0540); absent on an update: unchanged. */
  butler_may_reveal: z.boolean({ error: 'Ungültiger Wert für „Butler dürfen Passwörter anzeigen“' }).optional(),
});
export type WikiCategoryInput = z.infer<typeof zWikiCategoryInput>;

export const zWikiCategory = z.object({
  id: z.number(),
  name: z.string(),
  icon: z.string(),
  description: z.string().nullable(),
  allows_encryption: z.boolean(),
  allows_files: z.boolean(),
  butler_may_reveal: z.boolean(),
  created_by: z.string(),
  updated_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WikiCategory = z.infer<typeof zWikiCategory>;

export const zWikiCategoryCountsQuery = z.object({ customer_id: zId });
export const zWikiCategoryCount = z.object({ category_id: z.number(), entry_count: z.number() });
export type WikiCategoryCount = z.infer<typeof zWikiCategoryCount>;

// Files

export const zWikiFile = z.object({
  id: z.number(),
  original_filename: z.string(),
  file_size_formatted: z.string(),
  file_icon: z.string(),
  download_url: z.string(),
  size_bytes: z.number(),
  mime_type: z.string(),
  created_at: z.string(),
});
export type WikiFile = z.infer<typeof zWikiFile>;

// Entries

export const zWikiEntry = z.object({
  id: z.number(),
  customer_id: z.number(),
  category_id: z.number(),
  title: z.string(),
  /** Sanitised HTML; for password entries the secret, null unless decrypted on request. */
  content: z.string().nullable(),
  username: z.string().nullable(),
  is_password_entry: z.boolean(),
  external_link: z.string().nullable(),
  is_featured: z.boolean(),
  /** The linked project (projects table), see create_project / sync_to_project. */
  project_reference_id: z.number().nullable(),
  created_by: z.string(),
  updated_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  customer_name: z.string(),
  category_name: z.string(),
  category_icon: z.string(),
  files: z.array(zWikiFile),
});
export type WikiEntry = z.infer<typeof zWikiEntry>;

export const zWikiEntriesQuery = z.object({
  customer_id: zId.optional(),
  category_id: zId.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const zWikiEntryQuery = z.object({
  decrypt_passwords: z.enum(['true', 'false', '1', '0'], { error: 'Ungültiger Wert für decrypt_passwords' }).optional(),
});

const zContent = z
  .string({ error: WIKI_REQUIRED })
  .max(200_000, 'Der Inhalt ist zu lang')
  .refine((value) => value.trim().length > 0, WIKI_REQUIRED);

export const zWikiEntryCreate = z.object({
  customer_id: zRequiredId,
  category_id: zRequiredId,
  title: zRequiredText(WIKI_REQUIRED, 200),
  content: zContent,
  username: zOptionalText(500),
  is_password_entry: z.boolean().default(false),
  external_link: zLink,
  is_featured: z.boolean().default(false),
  create_project: z.boolean().default(false),
});
export type WikiEntryCreate = z.infer<typeof zWikiEntryCreate>;

/** Absent or null fields stay as they are; username '' clears it; external_link null or '' clears it. */
export const zWikiEntryUpdate = z.object({
  title: zRequiredText(WIKI_REQUIRED, 200).optional(),
  content: zContent.nullish(),
  username: z.string().max(500, 'Höchstens 500 Zeichen').nullish(),
  is_password_entry: z.boolean().optional(),
  external_link: zLink.optional(),
  is_featured: z.boolean().optional(),
  sync_to_project: z.boolean().optional(),
});
export type WikiEntryUpdate = z.infer<typeof zWikiEntryUpdate>;

// Search and overview

export const zWikiSearchQuery = z.object({
  q: z
    .string({ error: WIKI_SEARCH_TOO_SHORT })
    .trim()
    .min(WIKI_SEARCH_MIN_LENGTH, WIKI_SEARCH_TOO_SHORT)
    .max(200, 'Höchstens 200 Zeichen'),
});

export const zWikiRecentCustomer = z.object({
  id: z.number(),
  name: z.string(),
  company: z.string().nullable(),
  last_update: z.string(),
  entry_count: z.number(),
});
export type WikiRecentCustomer = z.infer<typeof zWikiRecentCustomer>;

// Projects

export const zWikiProject = zWikiEntry.extend({ content_preview: z.string() });
export type WikiProject = z.infer<typeof zWikiProject>;

export const zWikiFeaturedToggle = z.object({
  is_featured: z.boolean({ error: 'Bitte geben Sie an, ob das Projekt freigegeben ist' }),
});

export const zWikiFeaturedProject = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  external_link: z.string().nullable(),
  files: z.array(zWikiFile),
});
export type WikiFeaturedProject = z.infer<typeof zWikiFeaturedProject>;

/** `1,2 MB` (German decimal comma, 1024-based units). */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat('de-AT', { maximumFractionDigits: digits, useGrouping: false }).format(value)} ${units[unit]}`;
}

/**
 * Why a staff member cannot see a category's stored passwords, and who can change that, as
 * it really works (decision 0762): Büro through the Inhaber's grant in the role, a Butler
 * through the category's setting, which whoever manages wiki categories (Inhaber, Büro) sets.
 */
export function revealRefusedText(role: StaffRole | null | undefined): string {
  if (role === 'office')
    return 'Gespeicherte Passwörter sieht das Büro nur mit Freigabe: Die Inhaberin oder der Inhaber erteilt sie unter Einstellungen → Mitarbeiter → „Rolle ändern“ → „Darf gespeicherte Passwörter anzeigen“.';
  if (role === 'butler')
    return 'Die gespeicherten Passwörter dieser Kategorie sind für Butler gesperrt. Freigeben kann sie, wer die Wiki-Kategorien verwaltet (Inhaber oder Büro): Wiki → Kategorien → „Butler dürfen Passwörter anzeigen“.';
  return 'Sie dürfen die gespeicherten Passwörter dieser Kategorie nicht anzeigen.';
}
