import type { InvoiceSettings } from '@butler/contract/quickbill-settings';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../../app/permissions';
import { apiRequest } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';

/** The VAT rate an hour package is invoiced with: 20 %, none for a Kleinunternehmer (Quickbill settings). */
export function useHourPackageVatRate(): number {
  const mayRead = useCan()('invoices.read');
  const settings = useQuery({
    queryKey: ['quickbill', 'settings'],
    queryFn: () => apiRequest<InvoiceSettings>('/api/quickbill/settings'),
    enabled: mayRead,
    staleTime: 5 * 60_000,
  });
  return settings.data?.small_business ? 0 : 20;
}

/** Gross of a net amount at a rate, to the cent (half up). */
export function grossOf(net: number, ratePercent: number): number {
  return Math.round(net * (100 + ratePercent)) / 100;
}

/**
 * An hour package's price as it is invoiced (decision 0646): the stored price is net, shown with
 * "netto" and, below it, "brutto" at the VAT rate of its invoice (decision 0646).
 */
export function NetPrice({ value, testId }: { value: number | null | undefined; testId?: string }) {
  const rate = useHourPackageVatRate();
  if (value === null || value === undefined) return <>–</>;
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
        {formatEuro(value)}{' '}
        <Text span size="xs" c="dimmed">
          netto
        </Text>
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {rate === 0 ? 'ohne USt (Kleinunternehmer)' : `${formatEuro(grossOf(value, rate))} brutto`}
      </Text>
    </Stack>
  );
}
