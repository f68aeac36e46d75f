import type pg from 'pg';
import { quoteIdent, type TableHeader } from './backup-format.js';

const MAX_PARAMS = 30_000;
/** Characters of values per insert: blob chunks arrive as 512 KiB of hex each. */
const MAX_BATCH_CHARS = 16 * 1024 * 1024;

/**
 * Inserts the rows of one table in multi-row batches. Rows of a table that references
 * itself (customers.referred_by_id, invoices.credit_note_for_id) are held back and
 * inserted in waves, each row after the row it points to.
 */
export class TableWriter {
  readonly name: string;
  private pending: (string | null)[][] = [];
  private pendingChars = 0;
  private held: (string | null)[][] = [];
  private inserted = 0;
  private readonly batchRows: number;

  constructor(
    private readonly client: pg.ClientBase,
    private readonly header: TableHeader,
  ) {
    this.name = header.table;
    this.batchRows = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMS / Math.max(1, header.columns.length))));
  }

  async add(row: (string | null)[]) {
    if (row.length !== this.header.columns.length)
      throw new Error(`Row of ${this.name} has the wrong number of values`);
    if (this.header.self_references.length) {
      this.held.push(row);
      return;
    }
    await this.queue(row);
  }

  private async queue(row: (string | null)[]) {
    this.pending.push(row);
    for (const value of row) this.pendingChars += value?.length ?? 0;
    if (this.pending.length >= this.batchRows || this.pendingChars >= MAX_BATCH_CHARS) await this.flush();
  }

  /** Inserts what is left; returns the number of rows inserted into this table. */
  async finish(): Promise<number> {
    await this.flush();
    if (this.held.length) await this.insertInWaves();
    return this.inserted;
  }

  private async insertInWaves() {
    const index = (name: string) => this.header.columns.indexOf(name);
    const refs = this.header.self_references.map((r) => ({
      columns: r.columns.map(index),
      references: r.references.map(index),
    }));
    const known = refs.map(() => new Set<string>());
    const key = (row: (string | null)[], cols: number[]) => JSON.stringify(cols.map((c) => row[c]));
    let remaining = this.held;
    while (remaining.length) {
      const ready: (string | null)[][] = [];
      const later: (string | null)[][] = [];
      for (const row of remaining) {
        const ok = refs.every((r, i) => r.columns.some((c) => row[c] === null) || known[i]!.has(key(row, r.columns)));
        (ok ? ready : later).push(row);
      }
      if (!ready.length) throw new Error(`Rows of ${this.name} reference each other in a cycle`);
      for (const row of ready) {
        for (const [i, r] of refs.entries()) known[i]!.add(key(row, r.references));
        await this.queue(row);
      }
      await this.flush();
      remaining = later;
    }
  }

  private async flush() {
    if (!this.pending.length) return;
    const width = this.header.columns.length;
    const values = this.pending.map(
      (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`,
    );
    const columns = this.header.columns.map(quoteIdent).join(', ');
    await this.client.query(
      `INSERT INTO public.${quoteIdent(this.name)} (${columns}) OVERRIDING SYSTEM VALUE VALUES ${values.join(', ')}`,
      this.pending.flat(),
    );
    this.inserted += this.pending.length;
    this.pending = [];
    this.pendingChars = 0;
  }
}
