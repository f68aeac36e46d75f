import { DEFAULT_BIRTHDATE } from '@butler/contract/customers';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconBuilding,
  IconCake,
  IconCalendar,
  IconClockHour4,
  IconFolder,
  IconLayoutDashboard,
  IconMail,
  IconPackage,
  IconPhone,
  IconReceipt,
  IconUserShield,
} from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useCan, useHome } from '../../app/permissions';
import { PageLoader } from '../../components/page-loader';
import { EmptyState, ErrorState } from '../../components/states';
import { ApiError } from '../../lib/api-client';
import { formatDate, todayInVienna } from '../../lib/format';
import { MandatesCard } from '../direct-debit/components/mandates-card';
import { useCustomer } from './api/customers';
import { NotesCard } from './components/notes-card';
import { HourPackagesPanel } from './components/panels/hour-packages-panel';
import { ProjectsPanel } from './components/panels/projects-panel';
import { SubscriptionsPanel } from './components/panels/subscriptions-panel';
import { TimeEntriesPanel } from './components/panels/time-entries-panel';
import { PrivacyCard } from './components/privacy-card';
import { staffNames } from './components/staff-picker';

/** Birthday marker: the birth month is the current month (Vienna). */
export function hasBirthdayThisMonth(birthdate: string | null | undefined, today = todayInVienna()) {
  // 1970-01-01 is the form's default and means "not known": no marker for it.
  if (!birthdate || birthdate === DEFAULT_BIRTHDATE) return false;
  return birthdate.slice(5, 7) === today.slice(5, 7);
}

function Fact({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="center">
      <Text c="dimmed" component="span" display="flex" aria-hidden>
        {icon}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** The panels a role may open, from the role table (decision 0540). */
const PANELS = [
  { value: 'projekte', label: 'Projekte', icon: IconFolder, permission: 'projects.read' },
  { value: 'zeiterfassung', label: 'Zeiterfassung', icon: IconClockHour4, permission: 'time_entries.read' },
  { value: 'stundenpakete', label: 'Stundenpakete', icon: IconReceipt, permission: 'hour_packages.read' },
  { value: 'butlerpakete', label: 'ButlerPakete', icon: IconPackage, permission: 'subscriptions.read' },
] as const;

/** Customer detail page (SPEC §2): header with Betreuer, the panels and notes the role may see. */
export function CustomerDetailsPage() {
  const navigate = useNavigate();
  const can = useCan();
  const home = useHome();
  const id = Number(useParams().customerId);
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
      <ErrorState text="Kunde konnte nicht geladen werden" onRetry={() => void query.refetch()} />
    );
  const c = query.data;
  const birthday = hasBirthdayThisMonth(c.birthdate);
  const panels = PANELS.filter((p) => can(p.permission));

  return (
    <Stack gap="lg">
      <Card>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={4}>
              <Group gap="xs">
                <Title order={1} size="h2">
                  {c.name}
                </Title>
                {birthday && (
                  <Badge color="pink" variant="light" leftSection={<IconCake size={14} aria-hidden />}>
                    Geburtstag in diesem Monat
                  </Badge>
                )}
                {!c.is_active && <Badge color="gray">Deaktiviert</Badge>}
              </Group>
              <Text c="dimmed" size="sm">
                Kundendetails
              </Text>
            </Stack>
            <Group gap="xs">
              <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(home)}>
                Zurück
              </Button>
              {can('customers.dashboard') && (
                <Button
                  leftSection={<IconLayoutDashboard size={16} />}
                  onClick={() => navigate(`/admin/customers/${c.id}/view`)}
                >
                  Kundenansicht
                </Button>
              )}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <Fact icon={<IconMail size={16} />}>
              <Anchor href={`mailto:${c.email}`} size="sm">
                {c.email}
              </Anchor>
            </Fact>
            <Fact icon={<IconPhone size={16} />}>
              {c.phone ? (
                <Anchor href={`tel:${c.phone}`} size="sm">
                  {c.phone}
                </Anchor>
              ) : (
                '–'
              )}
            </Fact>
            <Fact icon={<IconBuilding size={16} />}>{c.company || '–'}</Fact>
            <Fact icon={<IconCalendar size={16} />}>Geboren am {formatDate(c.birthdate)}</Fact>
          </SimpleGrid>
          <Fact icon={<IconUserShield size={16} />}>
            <span data-testid="customer-staff">Betreuer: {staffNames(c.staff)}</span>
          </Fact>
        </Stack>
      </Card>

      {panels.length > 0 && (
        <Card p={{ base: 'sm', sm: 'lg' }}>
          <Tabs defaultValue={panels[0].value} keepMounted={false}>
            <Tabs.List mb="md">
              {panels.map(({ value, label, icon: Icon }) => (
                <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />}>
                  {label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="projekte">
              <ProjectsPanel customerId={c.id} />
            </Tabs.Panel>
            <Tabs.Panel value="zeiterfassung">
              <TimeEntriesPanel customerId={c.id} />
            </Tabs.Panel>
            <Tabs.Panel value="stundenpakete">
              <HourPackagesPanel customerId={c.id} />
            </Tabs.Panel>
            <Tabs.Panel value="butlerpakete">
              <SubscriptionsPanel customerId={c.id} />
            </Tabs.Panel>
          </Tabs>
        </Card>
      )}

      {can('customers.private.read') && (
        <Stack gap="sm">
          <Title order={2} size="h3">
            Notizen
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <NotesCard customerId={c.id} field="private_notes" title="Privates" value={c.private_notes} />
            <NotesCard customerId={c.id} field="company_info" title="Firmeninfos" value={c.company_info} />
            <NotesCard customerId={c.id} field="special_notes" title="Besonderheiten" value={c.special_notes} />
          </SimpleGrid>
        </Stack>
      )}

      {can('direct_debit.read') && <MandatesCard customerId={c.id} customerName={c.name} />}

      {(can('customers.privacy.export') || can('customers.privacy.erase')) && (
        <PrivacyCard customerId={c.id} name={c.name} />
      )}
    </Stack>
  );
}
