import type { CustomerDashboard } from '@butler/contract/dashboard';
import { Center } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { ForecastNote } from '../../../components/forecast-note';
import { PackageRing } from '../../../components/hours-gauge';
import { formatNumber } from '../../../lib/format';
import { HoursCard } from './hours-card';
import { RecentDeductions } from './recent-deductions';

/** Purchased hour packages: the ring (used share, 'Minus' below zero) and the newest deductions. */
export function HourPackageCard({ data, allHref }: { data: CustomerDashboard; allHref: string }) {
  const count = data.hour_packages.length;
  return (
    <HoursCard
      icon={<IconPackage size={22} aria-hidden />}
      color="orange"
      title="Stundenpakete"
      subtitle={`${count} ${count === 1 ? 'Paket' : 'Pakete'} · ${formatNumber(data.total_hours_purchased)} h gekauft`}
      testId="hour-package-card"
    >
      <Center py="xs">
        <PackageRing
          purchasedHours={data.total_hours_purchased}
          usedHours={data.total_hours_used}
          remainingHours={data.remaining_hours}
        />
      </Center>
      <ForecastNote forecast={data.forecast.packages} testId="package-forecast" />
      <RecentDeductions
        title="Letzte Abbuchungen"
        entries={data.hour_package_deductions}
        total={data.hour_package_deductions_count}
        allHref={allHref}
        emptyText="Noch keine Stunden abgebucht."
      />
    </HoursCard>
  );
}
