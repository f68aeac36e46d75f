import { MONTHLY_PAGE_SIZE, MONTHLY_YEAR_MAX, MONTHLY_YEAR_MIN } from '@butler/contract/admin-dashboard';
import { shiftMonth } from '@butler/contract/workload';
import { Button, Group, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState } from '../../components/states';
import { formatMonthYear, MONTH_NAMES, todayInVienna } from '../../lib/format';
import { useCustomersMonthly } from './api/queries';
import { DashboardTabs } from './components/dashboard-tabs';
import { MonthlyCustomerCard } from './components/monthly-customer-card';

/** Year and month of the address, else the current month in Vienna. */
function useSelectedMonth() {
  const params = useParams();
  const [thisYear, thisMonth] = todayInVienna().split('-').map(Number);
  const year = Number(params.year);
  const month = Number(params.month);
  const valid =
    Number.isInteger(year) &&
    year >= MONTHLY_YEAR_MIN &&
    year <= MONTHLY_YEAR_MAX &&
    Number.isInteger(month) &&
    month >= 1 &&
    month <= 12;
  return {
    year: valid ? year : thisYear,
    month: valid ? month : thisMonth,
    thisYear,
    urlIsCanonical: valid && params.month === String(month) && params.year === String(year),
  };
}

/** SPEC: months from two years before the current year through the next year (12 per year). */
function monthOptions(thisYear: number) {
  const options = [];
  for (let year = thisYear - 2; year <= thisYear + 1; year++) {
    for (let month = 1; month <= 12; month++) {
      options.push({ value: `${year}-${month}`, label: formatMonthYear(year, month) });
    }
  }
  return options;
}

/** Monthly view: Zurück/Vor across year boundaries, a month select, one card per customer. */
export function MonthlyDashboardPage() {
  const navigate = useNavigate();
  const { year, month, thisYear, urlIsCanonical } = useSelectedMonth();
  const options = useMemo(() => monthOptions(thisYear), [thisYear]);
  // Cards come one page at a time (decision 0404); another month starts on its first page.
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const monthKey = `${year}-${month}`;
  const page = paging.key === monthKey ? paging.page : 1;
  const { data, isPending, isError, refetch } = useCustomersMonthly(year, month, page);
  // A page that emptied since (customers removed meanwhile) falls back to the last one.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / MONTHLY_PAGE_SIZE)) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPaging({ key: monthKey, page: lastPage });
  }, [page, lastPage, monthKey]);

  // SPEC: the address is replaced (not pushed) whenever year or month changes.
  const go = (next: { year: number; month: number }) => {
    setPaging({ key: '', page: 1 });
    navigate(`/admin/dashboard/monthly/${next.year}/${next.month}`, { replace: true });
  };
  useEffect(() => {
    if (!urlIsCanonical) navigate(`/admin/dashboard/monthly/${year}/${month}`, { replace: true });
  }, [urlIsCanonical, year, month, navigate]);

  const label = formatMonthYear(year, month);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2" c="navy.9">
        Monatsübersicht
      </Title>
      <DashboardTabs active="monthly" />
      <Group justify="space-between" gap="sm">
        <Group gap="xs" wrap="nowrap" w={{ base: '100%', sm: 'auto' }} justify="space-between">
          {/* On a narrow phone the month wraps, never the buttons' labels (decision 0430). */}
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            onClick={() => go(shiftMonth(year, month, -1))}
            style={{ flexShrink: 0 }}
          >
            Zurück
          </Button>
          <Title order={2} size="h3" c="navy.8" ta="center" miw={{ base: 0, sm: 210 }} data-testid="month-heading">
            {label}
          </Title>
          <Button
            variant="default"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            onClick={() => go(shiftMonth(year, month, 1))}
            style={{ flexShrink: 0 }}
          >
            Vor
          </Button>
        </Group>
        <Select
          aria-label="Monat wählen"
          data={options}
          value={`${year}-${month}`}
          onChange={(value) => {
            if (!value) return;
            const [y, m] = value.split('-').map(Number);
            go({ year: y, month: m });
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
          maxDropdownHeight={320}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {isPending ? (
        <PageLoader text="Lade Kundendaten..." />
      ) : isError ? (
        <ErrorState text="Fehler beim Laden der Kundendaten" onRetry={() => refetch()} />
      ) : data.total === 0 ? (
        <EmptyState text={`Keine Kundendaten für ${MONTH_NAMES[month - 1]} ${year} verfügbar.`} />
      ) : (
        <div>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {data.items.map((customer) => (
              <MonthlyCustomerCard key={customer.id} customer={customer} />
            ))}
          </SimpleGrid>
          <Pager
            page={page}
            total={data.total}
            pageSize={MONTHLY_PAGE_SIZE}
            onChange={(next) => {
              setPaging({ key: monthKey, page: next });
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
      )}
    </Stack>
  );
}
