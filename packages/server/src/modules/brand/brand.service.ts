import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { blobs, providerSettings } from '../../db/schema/index.js';
import { readBlob } from '../../lib/blob-store.js';
import type { Brand } from '../../lib/brand-page.js';

/** The owner's name, accent and logo version from the settings row (one indexed read). */
export async function loadBrand(db: Executor): Promise<Brand> {
  const [row] = await db
    .select({ name: providerSettings.companyName, accent: providerSettings.accentColor, sha: blobs.sha256 })
    .from(providerSettings)
    .leftJoin(blobs, eq(blobs.id, providerSettings.logoBlobId))
    .where(eq(providerSettings.id, 1));
  return {
    name: row?.name.trim() || null,
    accent: row?.accent || null,
    logo: row?.sha ?? null,
  };
}

/** The logo's bytes and version, or null without a logo. */
export async function brandLogo(db: Database) {
  const [row] = await db
    .select({ id: blobs.id, sha: blobs.sha256 })
    .from(providerSettings)
    .innerJoin(blobs, eq(blobs.id, providerSettings.logoBlobId))
    .where(eq(providerSettings.id, 1));
  if (!row) return null;
  const bytes = await readBlob(db, row.id);
  return bytes ? { bytes, sha: row.sha } : null;
}
