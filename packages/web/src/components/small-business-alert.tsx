import { type SmallBusinessLimit, smallBusinessExplanation } from '@butler/contract/accounting-handover';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/** This and last year's turnover against the Kleinunternehmer limit (decision 0823); one key for every screen. */
export const smallBusinessLimitQuery = () =>
  queryOptions({
    queryKey: ['accounting', 'small-business-limit'] as const,
    queryFn: ({ signal }) => apiRequest<SmallBusinessLimit>('/api/accounting/small-business-limit', { signal }),
  });

export const SMALL_BUSINESS_COLORS: Record<SmallBusinessLimit['state'], string> = {
  ok: 'teal',
  warning: 'yellow',
  over_limit: 'orange',
  over_tolerance: 'red',
  last_year_over: 'red',
};

/**
 * The warning an owner under the Kleinunternehmerregelung must not miss, from 80 % of the
 * limit on (Quickbill's start page and "Buchhaltung"). Nothing when the rule does not apply.
 */
export function SmallBusinessAlert({ enabled = true }: { enabled?: boolean }) {
  const { data: limit } = useQuery({ ...smallBusinessLimitQuery(), enabled });
  if (!limit?.applies || limit.state === 'ok') return null;
  return (
    <Alert
      color={SMALL_BUSINESS_COLORS[limit.state]}
      icon={<IconAlertTriangle size={18} />}
      title={`Kleinunternehmergrenze: ${limit.percent_of_limit}\u00a0% erreicht`}
      data-testid="small-business-alert"
    >
      {smallBusinessExplanation(limit)}
    </Alert>
  );
}
