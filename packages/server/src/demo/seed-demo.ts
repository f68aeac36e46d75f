import type { Database } from '../db/client.js';

/** Placeholder replaced by the demo data generator. */
export async function seedDemoData(_db: Database): Promise<string[]> {
  return [];
}
