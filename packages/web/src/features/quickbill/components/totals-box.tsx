import { SMALL_BUSINESS_NOTE } from '@butler/contract/quickbill';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatEuro } from '../../../lib/format';
import type { RateTotal } from './invoice-totals';

/** Net, VAT per rate and gross (§11 UStG) — the same box in the editor and on the detail page. */
export function TotalsBox({
  rates,
  net,
  tax,
  gross,
  smallBusiness,
}: {
  rates: RateTotal[];
  net: number;
  tax: number;
  gross: number;
  smallBusiness: boolean;
}) {
  const row = (label: string, value: number, strong = false, testId?: string) => (
    <Group justify="space-between" gap="xl" wrap="nowrap" key={label}>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {formatEuro(value)}
      </Text>
    </Group>
  );
  return (
    <Stack gap={6} miw={260} data-testid="totals">
      {rates.length > 1 && rates.map((r) => row(`Netto ${r.tax_rate} %`, r.net))}
      {row('Summe netto', net, false, 'total-net')}
      {!smallBusiness && rates.filter((r) => r.tax_rate > 0).map((r) => row(`USt ${r.tax_rate} %`, r.tax))}
      {!smallBusiness && rates.every((r) => r.tax_rate === 0) && row('USt', tax)}
      <Divider />
      {row('Gesamtbetrag brutto', gross, true, 'total-gross')}
      {smallBusiness && (
        <Text size="xs" c="dimmed" maw={320}>
          {SMALL_BUSINESS_NOTE}
        </Text>
      )}
    </Stack>
  );
}
