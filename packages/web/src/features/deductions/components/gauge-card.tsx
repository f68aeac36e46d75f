import type { DeductionsResponse } from '@butler/contract/dashboard';
import { Card, Center, Text } from '@mantine/core';
import { PackageRing, SubscriptionRing } from '../../../components/hours-gauge';

/** The gauge above the list: subscription of the current month, or all hour packages. */
export function GaugeCard({ data }: { data: DeductionsResponse }) {
  const sub = data.subscription_gauge;
  const pkg = data.package_gauge;
  if (data.billing_type === 'abos') {
    if (!sub?.has_subscription) {
      return (
        <Card>
          <Text c="dimmed" ta="center" py="md">
            Keine ButlerPaket-Daten verfügbar
          </Text>
        </Card>
      );
    }
    return (
      <Card>
        <Text fw={600} ff="heading" fz="lg" c="navy.9" ta="center" mb="sm">
          Aktueller Monat
        </Text>
        <Center>
          <SubscriptionRing monthlyHours={sub.monthly_hours} usedHours={sub.used_hours} />
        </Center>
      </Card>
    );
  }
  if (!pkg || (pkg.purchased_hours === 0 && pkg.used_hours === 0)) {
    return (
      <Card>
        <Text c="dimmed" ta="center" py="md">
          Keine Stundenpakete-Daten verfügbar
        </Text>
      </Card>
    );
  }
  return (
    <Card>
      <Text fw={600} ff="heading" fz="lg" c="navy.9" ta="center" mb="sm">
        Gekauft und verbraucht
      </Text>
      <Center>
        <PackageRing
          purchasedHours={pkg.purchased_hours}
          usedHours={pkg.used_hours}
          remainingHours={pkg.remaining_hours}
        />
      </Center>
    </Card>
  );
}
