import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { AccountingSettingsCard } from './accounting-settings-card';
import { ClosedMonthsCard } from './closed-months-card';
import { HandoverCard } from './handover-card';
import { SmallBusinessCard } from './small-business-card';

/** /admin/quickbill/buchhaltung: the month-end handover to the tax adviser, closed periods and the chart (decision 0820). */
export function AccountingPage() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="Buchhaltung"
        subtitle="Übergabe an die Steuerberatung, abgeschlossene Zeiträume und Kontenplan"
      />
      <SmallBusinessCard />
      <HandoverCard />
      <ClosedMonthsCard />
      <AccountingSettingsCard />
    </Stack>
  );
}
