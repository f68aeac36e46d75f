import type { DeductionsResponse } from '@butler/contract/dashboard';
import { Card, Center, Text } from '@mantine/core';
import { PackageRing, SubscriptionRing } from '../../../components/hours-gauge';

/** The gauge above the list: the ButlerPaket's hours usable now (decision 0742), or all hour packages. */
export function GaugeCard({ data }: { data: DeductionsResponse }) {
  const butler = data.usable_hours.butler;
  const pkg = data.package_gauge;
  if (data.billing_type === 'abos') {
    if (!data.subscription_gauge?.has_subscription || !butler) {
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
          <SubscriptionRing butler={butler} />
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
