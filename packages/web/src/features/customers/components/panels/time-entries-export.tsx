import { MONTH_NAMES, todayInVienna } from '@butler/contract/format';
import { Group, Select } from '@mantine/core';
import { useState } from 'react';
import { ExportMenu } from '../../../../components/export-menu';

/** The last 24 months as `YYYY-MM`, newest first, with German names ("Jänner 2026"). */
function recentMonths() {
  const [year, month] = todayInVienna().split('-').map(Number);
  return Array.from({ length: 24 }, (_, i) => {
    const index = year * 12 + (month - 1) - i;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    return { value: `${y}-${String(m).padStart(2, '0')}`, label: `${MONTH_NAMES[m - 1]} ${y}` };
  });
}

/** Export of time entries: all months or one, of one customer or of all (decision 0422). */
export function TimeEntriesExport({ customerId }: { customerId?: number }) {
  const [month, setMonth] = useState<string | null>(null);
  return (
    <Group gap="xs" wrap="wrap">
      <Select
        aria-label="Monat für den Export"
        placeholder="Alle Monate"
        data={recentMonths()}
        value={month}
        onChange={setMonth}
        clearable
        w={170}
      />
      <ExportMenu
        path="/api/exports/time-entries"
        query={{ customer_id: customerId, month: month ?? undefined }}
        filename={['zeiteintraege', customerId ? `kunde-${customerId}` : null, month].filter(Boolean).join('-')}
      />
    </Group>
  );
}
