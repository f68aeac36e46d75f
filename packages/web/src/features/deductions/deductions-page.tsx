import { Box, Button, Grid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { useSession } from '../../app/session-context';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { ApiError } from '../../lib/api-client';
import { type DeductionKind, useDeductions } from './api/queries';
import { DeductionListCard } from './components/deduction-list-card';
import { GaugeCard } from './components/gauge-card';

const TITLES: Record<DeductionKind, string> = {
  'butler-packages': 'ButlerPaket-Abbuchungen',
  'hour-packages': 'Stundenpaket-Abbuchungen',
};
const MISSING: Record<DeductionKind, string> = {
  'butler-packages': 'Keine ButlerPaket-Daten verfügbar',
  'hour-packages': 'Keine Stundenpakete-Daten verfügbar',
};

/** Deduction list of one billing type; `adminView` uses the route's customerId. */
export function DeductionsPage({ kind, adminView = false }: { kind: DeductionKind; adminView?: boolean }) {
  const { user, userType } = useSession();
  const params = useParams();
  const raw = adminView ? Number(params.customerId) : (user?.id ?? Number.NaN);
  const customerId = Number.isInteger(raw) && raw > 0 ? raw : null;
  // An admin has no own deductions: the customer routes send them to the customer list.
  const adminOnCustomerRoute = !adminView && userType === 'admin';
  const query = useDeductions(adminOnCustomerRoute ? null : customerId, kind);

  if (adminOnCustomerRoute) return <Navigate to="/admin/customers" replace />;
  const backHref = adminView ? `/admin/customers/${customerId}/customer-view` : '/customer/dashboard';
  const back = (
    <Box>
      <Button
        component={Link}
        to={backHref}
        variant="subtle"
        px={4}
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        Zurück
      </Button>
    </Box>
  );
  if (customerId === null) return <ErrorState text="Kunde nicht gefunden" />;
  if (query.isPending) return <PageLoader text={adminView ? 'Lade Kundendaten...' : 'Lade Zeiteinträge...'} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack>
        {back}
        <ErrorState
          text={notFound && adminView ? 'Kunde nicht gefunden' : MISSING[kind]}
          onRetry={notFound ? undefined : () => query.refetch()}
        />
      </Stack>
    );
  }
  const first = query.data.pages[0];
  return (
    <Stack gap="lg">
      {back}
      <Stack gap={2}>
        <Title order={1} size="h2" c="navy.9">
          {TITLES[kind]}
        </Title>
        <Text c="dimmed" data-testid="deductions-customer">
          {first.customer.first_name} {first.customer.last_name}
        </Text>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Box style={{ position: 'sticky', top: 88 }}>
            <GaugeCard data={first} />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <DeductionListCard
            pages={query.data.pages}
            adminView={adminView}
            hasMore={query.hasNextPage}
            loadingMore={query.isFetchingNextPage}
            onLoadMore={() => query.fetchNextPage()}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
