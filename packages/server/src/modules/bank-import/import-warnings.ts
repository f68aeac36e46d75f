import { formatDate, formatEuro } from '@butler/contract/format';
import type { Executor } from '../../db/executor.js';
import { hundredthsToString } from '../../domain/decimal.js';
import { loadDirectDebitSettings, loadSettings } from '../quickbill/settings/provider-settings.repo.js';
import type { CamtFile } from './camt/camt-file.js';
import type { EntryRow } from './entry-rows.js';

/**
 * What an import tells staff to check, in German (decision 0723): a statement of an account
 * that is none of the business's (Bankverbindung, Lastschrift-Einzugskonto), and a bank
 * reference that the file gives to more than one booking (all of them are kept).
 */
export async function importWarnings(db: Executor, file: CamtFile, rows: EntryRow[]): Promise<string[]> {
  const warnings: string[] = [];
  const compact = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();
  const own = [(await loadSettings(db)).iban, (await loadDirectDebitSettings(db)).collectionIban]
    .map(compact)
    .filter(Boolean);
  const accounts = [...new Set(file.statements.map((s) => s.accountIban).filter((a): a is string => Boolean(a)))];
  for (const account of accounts.map(compact)) {
    if (own.includes(account)) continue;
    warnings.push(
      own.length === 0
        ? `Der Auszug gehört zum Konto ${account}; im Portal ist noch kein eigenes Konto hinterlegt (Einstellungen → Bankverbindung), daher konnte nicht geprüft werden, ob es Ihr Konto ist.`
        : `Der Auszug gehört zum Konto ${account}, das nicht als Konto des Unternehmens hinterlegt ist (${own.join(', ')}). Bitte prüfen Sie, ob die Datei zum richtigen Konto gehört.`,
    );
  }
  const byReference = new Map<string, EntryRow[]>();
  for (const row of rows) {
    if (!row.bankReference) continue;
    const key = `${row.account ?? '-'}|${row.bankReference}`;
    byReference.set(key, [...(byReference.get(key) ?? []), row]);
  }
  for (const same of byReference.values()) {
    if (same.length < 2) continue;
    const listed = same
      .map(
        (r) =>
          `${r.bookingDate ? formatDate(r.bookingDate) : 'ohne Datum'} ${formatEuro(hundredthsToString(r.amountCents))}`,
      )
      .join(', ');
    warnings.push(
      `Die Bankreferenz „${same[0].bankReference}“ steht in dieser Datei bei ${same.length} Buchungen (${listed}); sie gelten als verschiedene Buchungen.`,
    );
  }
  return warnings;
}
