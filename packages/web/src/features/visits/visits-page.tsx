import { formatDayWithWeekday } from '@butler/contract/format';
import type { Visit, VisitDone, VisitRequest } from '@butler/contract/visits';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarOff, IconCalendarShare, IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../app/permissions';
import { useSession } from '../../app/session-context';
import { CustomerPicker } from '../../components/customer-picker';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { EmptyState, ErrorState } from '../../components/states';
import { apiRequest } from '../../lib/api-client';
import { todayInVienna } from '../../lib/format';
import { urlParam } from '../../lib/url-filters';
import { usePhone } from '../../lib/use-phone';
import { useUrlFilters } from '../../lib/use-url-filters';
import { TimeEntryFormDialog } from '../time-entries';
import { visitListQuery, visitPeopleQuery } from './api/visits';
import classes from './components/calendar.module.css';
import { dayHeading, mondayOf, rangeOf, shiftDay, visitsByDay, weekDays, weekLabel } from './components/calendar-rules';
import { CancelVisitDialog } from './components/cancel-visit-dialog';
import { OpenRequestsPanel } from './components/open-requests-panel';
import { ResolveRequestDialog } from './components/resolve-request-dialog';
import { VisitCard } from './components/visit-card';
import { VisitDetailDialog } from './components/visit-detail-dialog';
import { VisitFormDialog } from './components/visit-form-dialog';

/**
 * In the address (decision 0660): `?tag=2026-12-03&wer=3&kunde=12&ansicht=tag`; `wer=alle` is
 * the whole team, `ansicht=tag` the day on a wide screen (a phone always shows the day).
 */
const FILTERS = {
  tag: urlParam.date(),
  ansicht: urlParam.pattern(/^(tag|woche)$/),
  wer: urlParam.pattern(/^(\d{1,10}|alle)$/),
  kunde: urlParam.id(),
};

type Open =
  | { kind: 'new' }
  | { kind: 'detail'; visit: Visit }
  | { kind: 'edit'; visit: Visit }
  | { kind: 'cancel'; visit: Visit }
  | { kind: 'entry'; done: VisitDone }
  /** "Erledigt" for a wish; `back`: from the visit's details, which open again after it. */
  | { kind: 'resolve'; visit: Visit; request: VisitRequest; back: boolean }
  | null;

/**
 * /admin/termine (decision 0840): the team's visits, a week at a time on a desktop
 * (Monday to Sunday) and a day at a time on a phone, for everyone or one person; a Butler
 * starts with their own. A card opens the visit; "Neuer Termin" plans one or a series.
 * Above it "Offene Wünsche", the customers' wishes to move or cancel a visit; the
 * Kalender-Abo is set up on the own account page.
 */
export function VisitsPage() {
  const can = useCan();
  const phone = usePhone();
  const { user } = useSession();
  const isButler = user !== null && 'role' in user && user.role === 'butler';
  const { values, set } = useUrlFilters(FILTERS);
  const [open, setOpen] = useState<Open>(null);
  const [customerLabel, setCustomerLabel] = useState<string | null>(null);
  const today = todayInVienna();
  const day = values.tag ?? today;
  const view = phone || values.ansicht === 'tag' ? 'day' : 'week';
  const who = values.wer ?? (isButler && user ? String(user.id) : 'alle');
  const butlerId = who === 'alle' ? null : Number(who);
  const range = rangeOf(day, view);
  const list = useQuery(visitListQuery({ ...range, butlerId, customerId: values.kunde }));
  const people = useQuery(visitPeopleQuery);

  const personOptions = [
    { value: 'alle', label: 'Alle' },
    ...(people.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
  ];
  if (user && who === String(user.id) && !personOptions.some((o) => o.value === who))
    personOptions.push({ value: who, label: user.name });

  const step = view === 'week' ? 7 : 1;
  const go = (date: string) => set({ tag: date === today ? null : date });
  const days = view === 'week' ? weekDays(range.from) : [day];
  const byDay = visitsByDay(list.data ?? [], days);
  const listedName = list.data?.find((v) => v.customer_id === values.kunde)?.customer_name ?? null;
  // Opened from the customer page (`?kunde=`) with no visit in view: the filter and a new visit name the customer.
  const named = useQuery({
    queryKey: ['customers', values.kunde, 'name'],
    queryFn: ({ signal }) => apiRequest<{ name: string }>(`/api/customers/${values.kunde}`, { signal }),
    enabled: Boolean(values.kunde) && !customerLabel && !listedName && list.isSuccess,
    staleTime: 60_000,
  });
  const knownCustomer = customerLabel ?? listedName ?? named.data?.name ?? null;
  const mayWrite = can('visits.write');

  const actions = (
    <>
      <Button
        component={Link}
        to="/admin/account#kalender-abo"
        variant="default"
        leftSection={<IconCalendarShare size={16} aria-hidden />}
      >
        Kalender-Abo
      </Button>
      {mayWrite && (
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpen({ kind: 'new' })}>
          Neuer Termin
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader title="Termine" subtitle="Besuche, Fernwartung und Termine im Büro" actions={actions} />
      <OpenRequestsPanel
        customerId={values.kunde}
        mayWrite={mayWrite}
        onOpen={(request) => setOpen({ kind: 'detail', visit: request.visit })}
        onResolve={({ visit, ...request }) => setOpen({ kind: 'resolve', visit, request, back: false })}
      />
      <Card p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Select
              label="Butler"
              data={personOptions}
              value={who}
              onChange={(v) => set({ wer: v ?? 'alle' })}
              allowDeselect={false}
              searchable
              nothingFoundMessage="Niemand gefunden"
              comboboxProps={{ withinPortal: true }}
            />
            <CustomerPicker
              label="Kunde"
              required={false}
              placeholder="Alle Kunden"
              value={values.kunde}
              initialLabel={knownCustomer}
              onChange={(id, label) => {
                setCustomerLabel(label);
                set({ kunde: id });
              }}
            />
          </SimpleGrid>
          <Group justify="space-between" gap="xs" wrap={phone ? 'nowrap' : 'wrap'}>
            {!phone && (
              <SegmentedControl
                aria-label="Ansicht"
                data={[
                  { value: 'woche', label: 'Woche' },
                  { value: 'tag', label: 'Tag' },
                ]}
                value={view === 'day' ? 'tag' : 'woche'}
                onChange={(value) => set({ ansicht: value === 'tag' ? 'tag' : null })}
              />
            )}
            {view === 'day' ? (
              <>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label="Vorheriger Tag"
                  onClick={() => go(shiftDay(day, -1))}
                >
                  <IconChevronLeft size={18} />
                </ActionIcon>
                <Stack gap={0} align="center">
                  <Title order={2} size="h4" data-testid="visits-day">
                    {formatDayWithWeekday(day)}
                  </Title>
                  {day !== today && (
                    <Button variant="subtle" size="compact-xs" onClick={() => go(today)}>
                      Heute
                    </Button>
                  )}
                </Stack>
                <ActionIcon variant="default" size="lg" aria-label="Nächster Tag" onClick={() => go(shiftDay(day, 1))}>
                  <IconChevronRight size={18} />
                </ActionIcon>
              </>
            ) : (
              <>
                <Title order={2} size="h4" data-testid="visits-week">
                  {weekLabel(range.from)}
                </Title>
                <Group gap="xs">
                  <Button
                    variant="default"
                    leftSection={<IconChevronLeft size={16} aria-hidden />}
                    onClick={() => go(shiftDay(day, -step))}
                  >
                    Vorherige Woche
                  </Button>
                  <Button variant="default" onClick={() => go(today)} disabled={mondayOf(day) === mondayOf(today)}>
                    Heute
                  </Button>
                  <Button
                    variant="default"
                    rightSection={<IconChevronRight size={16} aria-hidden />}
                    onClick={() => go(shiftDay(day, step))}
                  >
                    Nächste Woche
                  </Button>
                </Group>
              </>
            )}
          </Group>
          {list.isPending ? (
            <PageLoader text="Lade Termine..." />
          ) : list.isError ? (
            <ErrorState text="Fehler beim Laden der Termine" onRetry={() => list.refetch()} />
          ) : list.data.length === 0 ? (
            <EmptyState
              text={view === 'week' ? 'Keine Termine in dieser Woche.' : 'Keine Termine an diesem Tag.'}
              icon={<IconCalendarOff size={36} color="var(--mantine-color-gray-5)" aria-hidden />}
            />
          ) : view === 'week' ? (
            <div className={classes.week} data-testid="visits-week-grid">
              {days.map((date) => {
                const heading = dayHeading(date);
                return (
                  <section
                    key={date}
                    className={`${classes.day} ${date === today ? classes.today : ''}`}
                    aria-label={formatDayWithWeekday(date)}
                    data-testid="visits-day-column"
                  >
                    <div className={classes.dayHeading}>
                      <Text size="sm" fw={700}>
                        {heading.weekday}
                      </Text>
                      <Text size="sm" c={date === today ? 'blue.9' : 'dimmed'} fw={date === today ? 700 : 400}>
                        {heading.day}
                      </Text>
                    </div>
                    {byDay.get(date)?.map((visit) => (
                      <VisitCard key={visit.id} visit={visit} onOpen={(v) => setOpen({ kind: 'detail', visit: v })} />
                    ))}
                  </section>
                );
              })}
            </div>
          ) : (
            <Stack gap="xs" data-testid="visits-agenda">
              {byDay.get(day)?.map((visit) => (
                <VisitCard key={visit.id} visit={visit} onOpen={(v) => setOpen({ kind: 'detail', visit: v })} />
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
      {mayWrite && (open?.kind === 'new' || open?.kind === 'edit') && (
        <VisitFormDialog
          opened
          visit={open.kind === 'edit' ? open.visit : null}
          date={day}
          butlerId={butlerId}
          customerId={values.kunde}
          customerName={knownCustomer}
          onSaved={(saved) => {
            if (open.kind === 'new' && !days.includes(saved.date)) go(saved.date);
          }}
          onClose={() => setOpen(open.kind === 'edit' ? { kind: 'detail', visit: open.visit } : null)}
        />
      )}
      {open?.kind === 'detail' && (
        <VisitDetailDialog
          visit={open.visit}
          onClose={() => setOpen(null)}
          onEdit={(visit) => setOpen({ kind: 'edit', visit })}
          onCancel={(visit) => setOpen({ kind: 'cancel', visit })}
          onFinished={(done) => setOpen({ kind: 'entry', done })}
          onResolve={(visit) =>
            visit.request && setOpen({ kind: 'resolve', visit, request: visit.request, back: true })
          }
        />
      )}
      {open?.kind === 'resolve' && (
        <ResolveRequestDialog
          visit={open.visit}
          request={open.request}
          onClose={() => setOpen(open.back ? { kind: 'detail', visit: open.visit } : null)}
        />
      )}
      {open?.kind === 'cancel' && (
        <CancelVisitDialog visit={open.visit} onClose={() => setOpen({ kind: 'detail', visit: open.visit })} />
      )}
      {open?.kind === 'entry' && (
        <TimeEntryFormDialog
          opened
          entry={null}
          customerId={open.done.time_entry.customer_id}
          orderId={open.done.time_entry.order_id ?? undefined}
          prefill={open.done.time_entry}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
