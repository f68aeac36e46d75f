import { TAX_EXEMPTION_INFO, taxGroupLabel } from '@butler/contract/vat';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatEuro } from '../../../lib/format';
import type { RateTotal } from './invoice-totals';

/** Net, VAT per rate and gross, and the note of every VAT exemption (§11 UStG) — editor and detail page. */
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
      {rates.length > 1 && rates.map((r) => row(`Netto ${taxGroupLabel(r.tax_rate, r.tax_exemption)}`, r.net))}
      {row('Summe netto', net, false, 'total-net')}
      {!smallBusiness && rates.filter((r) => r.tax_rate > 0).map((r) => row(`USt ${r.tax_rate}\u00a0%`, r.tax))}
      {!smallBusiness && rates.every((r) => r.tax_rate === 0) && row('USt', tax)}
      <Divider />
      {row('Gesamtbetrag brutto', gross, true, 'total-gross')}
      {[...new Set(rates.map((r) => r.tax_exemption))].map(
        (e) =>
          e && (
            <Text size="xs" c="dimmed" maw={320} key={e}>
              {TAX_EXEMPTION_INFO[e].note}
            </Text>
          ),
      )}
    </Stack>
  );
}
