import type { DueReminder } from '@butler/contract/reminders';
import { formatDate, formatEuro } from '../../../lib/format';

type Item = Pick<DueReminder, 'level' | 'label' | 'fee' | 'pay_by'>;

/**
 * The confirmation's sentence per level (decision 0770): how many letters of each level,
 * and the fee each charges, e.g. "2 × 1. Mahnung mit je € 5,00 Mahnspesen".
 */
export function dueRemindersSummary(items: Item[]): { lines: string[]; feesTotal: number; payBy: string | null } {
  const byLevel = new Map<number, Item[]>();
  for (const item of items) byLevel.set(item.level, [...(byLevel.get(item.level) ?? []), item]);
  const lines = [...byLevel.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, group]) => {
      const { label, fee } = group[0];
      const count = group.length === 1 ? `1 × ${label}` : `${group.length} × ${label}`;
      if (fee === 0) return `${count} ohne Mahnspesen`;
      return `${count} mit ${group.length === 1 ? '' : 'je '}${formatEuro(fee)} Mahnspesen`;
    });
  const cents = items.reduce((acc, i) => acc + Math.round(i.fee * 100), 0);
  return { lines, feesTotal: cents / 100, payBy: items[0]?.pay_by ?? null };
}

export const payByText = (payBy: string | null) => (payBy ? `Neue Zahlungsfrist bis ${formatDate(payBy)}.` : '');
