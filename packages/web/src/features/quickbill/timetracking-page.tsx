import { Button, Card, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { EmptyState, ErrorState } from '../../components/states';
import { type BillableTimeEntry, useBillableEntries, useCustomerNames } from './api/catalog';
import { BillableGroup } from './components/billable-group';

/** /admin/quickbill/timetracking — billable, not yet invoiced time per customer → invoice draft. */
export function TimetrackingPage() {
  const query = useBillableEntries();
  const groups = useMemo(() => {
    const map = new Map<number, BillableTimeEntry[]>();
    for (const e of query.data ?? []) map.set(e.customer_id, [...(map.get(e.customer_id) ?? []), e]);
    return [...map.entries()];
  }, [query.data]);
  const names = useCustomerNames(groups.map(([id]) => id));

  return (
    <Stack gap="md">
      <PageHeader
        title="Zeiterfassung verrechnen"
        subtitle="Verrechenbare Zeiteinträge, die noch auf keiner Rechnung stehen"
        actions={
          <Button component={Link} to="/admin/quickbill" variant="default" leftSection={<IconArrowLeft size={18} />}>
            Quickbill
          </Button>
        }
      />
      {query.isPending || (groups.length > 0 && names.isPending) ? (
        <PageLoader text="Lade Zeiteinträge..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
      ) : groups.length === 0 ? (
        <Card>
          <EmptyState text="Keine verrechenbaren Zeiteinträge offen." />
        </Card>
      ) : (
        groups
          .sort(([a], [b]) => (names.data?.[a] ?? '').localeCompare(names.data?.[b] ?? '', 'de'))
          .map(([customerId, entries]) => (
            <BillableGroup
              key={customerId}
              customerId={customerId}
              name={names.data?.[customerId] ?? 'Unbekannt'}
              entries={entries}
            />
          ))
      )}
    </Stack>
  );
}
