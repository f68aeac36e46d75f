import { describe, expect, it } from 'vitest';
import { readBankFile } from './camt-file.js';
import { camt053, camt054 } from './camt-writer.js';

describe('the camt writer of the demo and the tests', () => {
  it('writes statements and notifications that pass the XSD and read back', async () => {
    const statement = camt053('T1', [
      [
        {
          direction: 'CRDT',
          date: '2026-11-20',
          bankRef: 'B1',
          txs: [
            {
              cents: 19900n,
              name: 'Maria Gruber',
              iban: 'AT022050303300646365',
              reference: 'RF18539007547034',
              text: 'Danke',
            },
          ],
        },
        {
          direction: 'CRDT',
          date: '2026-11-20',
          code: ['PMNT', 'RDDT', 'ESDD'],
          batchPaymentInfoId: 'BUTLER-1-CORE-FRST',
          txs: [
            { cents: 5000n, endToEndId: 'E1' },
            { cents: 5001n, endToEndId: 'E2' },
          ],
        },
      ],
      [{ direction: 'DBIT', date: '2026-11-21', txs: [{ cents: 1000n, name: 'Vermieter' }] }],
    ]);
    const read = await readBankFile(Buffer.from(statement));
    expect(read.statements.map((s) => s.entries.length)).toEqual([2, 1]);
    expect(read.statements[0].entries[1].batchPaymentInfoId).toBe('BUTLER-1-CORE-FRST');
    const notification = camt054('N1', [
      {
        direction: 'DBIT',
        reversal: true,
        date: '2026-11-25',
        code: ['PMNT', 'RDDT', 'UPDD'],
        txs: [{ cents: 5000n, endToEndId: 'E1', returnReason: 'MD06', returnInfo: 'Widerspruch', charges: 350n }],
      },
    ]);
    const tx = (await readBankFile(Buffer.from(notification))).statements[0].entries[0].transactions[0];
    expect(tx).toMatchObject({ returnReason: 'MD06', charges: '3.50', endToEndId: 'E1' });
  });
});
