import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconArrowLeft, IconId } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useCan } from '../../app/permissions';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { StatementsCard } from '../../components/statements-card';
import { EmptyState, ErrorState } from '../../components/states';
import { ApiError } from '../../lib/api-client';
import { useCustomer } from './api/customers';
import { NotesCard } from './components/notes-card';
import { ReferralsCard } from './components/referrals-card';
import { CustomerInfoCard } from './components/view/customer-info-card';
import { FamilyCard } from './components/view/family-card';
import { HoursOverviewCard } from './components/view/hours-overview-card';
import { RecentTimeEntries } from './components/view/recent-time-entries';
import { ViewHourPackages } from './components/view/view-hour-packages';
import { ViewProjects } from './components/view/view-projects';
import { ViewSubscriptions } from './components/view/view-subscriptions';

/** Admin customer dashboard/view (SPEC §2): everything about one customer the role may see, on one page. */
export function AdminCustomerViewPage() {
  const navigate = useNavigate();
  const can = useCan();
  const id = Number(useParams().id);
  const query = useCustomer(id);

  if (!Number.isInteger(id) || id <= 0) return <EmptyState text="Kunde nicht gefunden" />;
  if (query.isPending) return <PageLoader text="Lade Kundendaten..." />;
  if (query.isError)
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <EmptyState
        text="Kunde nicht gefunden"
        action={<Button onClick={() => navigate('/admin/customers')}>Zur Kundenverwaltung</Button>}
      />
    ) : (
      <ErrorState text="Fehler beim Laden der Kundendaten" onRetry={() => void query.refetch()} />
    );
  const c = query.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title={c.name}
        subtitle="Kundenübersicht"
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => navigate('/admin/customers')}
            >
              Zurück
            </Button>
            <Button
              variant="light"
              leftSection={<IconId size={16} />}
              onClick={() => navigate(`/admin/customer/${c.id}/details`)}
            >
              Kundendetails
            </Button>
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <CustomerInfoCard customer={c} />
        <HoursOverviewCard customerId={c.id} />
        {can('customers.private.read') && <FamilyCard customer={c} />}
        {can('customers.private.read') && (
          <NotesCard customerId={c.id} field="notes" title="Besonderheiten" value={c.notes} />
        )}
        {can('referrals.read') && <ReferralsCard customer={c} />}
        {can('projects.read') && <ViewProjects customerId={c.id} />}
        <StatementsCard customerId={c.id} staff mayResend={can('statements.send')} />
      </SimpleGrid>
      {can('time_entries.read') && <RecentTimeEntries customerId={c.id} />}
      {can('subscriptions.read') && <ViewSubscriptions customerId={c.id} />}
      {can('hour_packages.read') && <ViewHourPackages customerId={c.id} />}
    </Stack>
  );
}
