import { type Customer, DEFAULT_BIRTHDATE } from '@butler/contract/customers';
import { usableLines } from '@butler/contract/usable-hours-words';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconCake,
  IconHourglass,
  IconLayoutDashboard,
  IconMail,
  IconMapPin,
  IconPencil,
  IconPhone,
  IconReceipt,
  IconUserShield,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../app/permissions';
import { formatDate, formatEuro, formatHours } from '../../../lib/format';
import { addressLine, mapsUrl } from '../../../lib/maps';
import { usePhone } from '../../../lib/use-phone';
import { useCustomerDashboard } from '../../customer-dashboard';
import { useCustomerAccount } from '../../quickbill';
import { CustomerTimerButtons } from '../../timer';
import { hasBirthdayThisMonth } from '../birthday';
import classes from './customer-header.module.css';
import { staffNames } from './staff-picker';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Text c="dimmed" component="span" display="flex" aria-hidden mt={2}>
        {icon}
      </Text>
      <Stack gap={0} miw={0}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </Stack>
    </Group>
  );
}

/** "Offene Rechnungen": how many and how much is open, overdue in red; links to the Rechnungen tab. */
export function OpenInvoicesFact({ customerId }: { customerId: number }) {
  const account = useCustomerAccount(customerId);
  const a = account.data;
  return (
    <Fact icon={<IconReceipt size={16} />} label="Offene Rechnungen">
      {account.isPending ? (
        '...'
      ) : !a ? (
        '–'
      ) : (
        <Anchor
          component={Link}
          to={`/admin/customers/${customerId}/rechnungen`}
          size="sm"
          className={classes.target}
          data-testid="open-invoices"
        >
          {a.open_invoices === 0
            ? 'Keine'
            : `${a.open_invoices === 1 ? '1 Rechnung' : `${a.open_invoices} Rechnungen`}: ${formatEuro(a.open_amount)}`}
          {a.overdue_amount > 0 && (
            <Text span c="red.8" size="sm">
              {' '}
              (überfällig {formatEuro(a.overdue_amount)})
            </Text>
          )}
        </Anchor>
      )}
    </Fact>
  );
}

/** "Jetzt verfügbar": the one hours figure (decision 0742) and its parts, overuse in words. */
function UsableHoursFact({ customerId }: { customerId: number }) {
  const dashboard = useCustomerDashboard(customerId);
  if (dashboard.isPending)
    return (
      <Text size="sm" c="dimmed">
        ...
      </Text>
    );
  if (dashboard.isError) return <>–</>;
  const usable = dashboard.data.usable_hours;
  const lines = usableLines(usable);
  if (lines.length === 0) return <>Kein Guthaben</>;
  return (
    <Stack gap={0} data-testid="usable-hours">
      <Text span fw={700} size="sm" data-testid="usable-hours-figure">
        {formatHours(usable.total).replace(' h', '\u00a0h')}
      </Text>
      {lines.map((line) => (
        // "1,75 h" stays on one line in the narrow fact column.
        <Text span key={line} size="xs" c="dimmed">
          {line.replace(/ h\b/g, '\u00a0h')}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The facts at the top of the customer page (decision 0644): name with birthday and status, the
 * hours usable now, open invoices, contact and Betreuer, and what to do next.
 */
export function CustomerHeader({
  customer: c,
  invoices,
  onEdit,
}: {
  customer: Customer;
  /** The open-invoices fact (billing), shown to who may see invoices. */
  invoices?: ReactNode;
  onEdit: () => void;
}) {
  const navigate = useNavigate();
  const can = useCan();
  const phone = usePhone();
  const address = addressLine(c);
  return (
    <Card data-testid="customer-header">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0}>
            <Group gap="xs">
              <Title order={1} size="h2">
                {c.name}
              </Title>
              {hasBirthdayThisMonth(c.birthdate) && (
                <Badge color="pink" variant="light" leftSection={<IconCake size={14} aria-hidden />}>
                  Geburtstag in diesem Monat
                </Badge>
              )}
              {!c.is_active && <Badge color="gray">Deaktiviert</Badge>}
            </Group>
            <Text c="dimmed" size="sm">
              {c.company ? `${c.company} · ` : ''}Kunde seit {formatDate(c.created_at)}
            </Text>
          </Stack>
          {/* On a phone the timer and "Zeit erfassen" come first, side by side, under the thumb. */}
          <Group gap="xs" className={classes.actions}>
            <Group gap="xs" className={classes.secondary}>
              <Button
                variant="default"
                size={phone ? 'compact-sm' : 'sm'}
                leftSection={<IconArrowLeft size={16} />}
                onClick={() => navigate('/admin/customers')}
              >
                Zurück
              </Button>
              {can('customers.write') && (
                <Button
                  variant="default"
                  size={phone ? 'compact-sm' : 'sm'}
                  leftSection={<IconPencil size={16} />}
                  onClick={onEdit}
                >
                  Bearbeiten
                </Button>
              )}
              {can('customers.dashboard') && (
                <Button
                  variant="default"
                  size={phone ? 'compact-sm' : 'sm'}
                  leftSection={<IconLayoutDashboard size={16} />}
                  onClick={() => navigate(`/admin/customers/${c.id}/customer-view`)}
                >
                  Kundenansicht
                </Button>
              )}
            </Group>
            {can('time_entries.book') && (
              <Group gap="xs" grow={phone} className={classes.primary}>
                <CustomerTimerButtons customerId={c.id} />
              </Group>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: (invoices ? 4 : 3) + (address ? 1 : 0) }} spacing="sm">
          {can('customers.dashboard') && (
            <Fact icon={<IconHourglass size={16} />} label="Jetzt verfügbar">
              <UsableHoursFact customerId={c.id} />
            </Fact>
          )}
          {invoices}
          <Fact icon={<IconMail size={16} />} label="Kontakt">
            <Anchor href={`mailto:${c.email}`} size="sm" className={classes.target}>
              {c.email}
            </Anchor>
            {c.phone && (
              <Anchor href={`tel:${c.phone}`} size="sm" className={classes.target}>
                <IconPhone size={12} aria-hidden /> {c.phone}
              </Anchor>
            )}
            {c.birthdate && c.birthdate !== DEFAULT_BIRTHDATE && <span>Geboren am {formatDate(c.birthdate)}</span>}
          </Fact>
          {address && (
            <Fact icon={<IconMapPin size={16} />} label="Adresse">
              {/* Opens the map app on a phone: the way to the visit (decision 0743). */}
              <Anchor
                href={mapsUrl(address)}
                target="_blank"
                rel="noopener"
                size="sm"
                className={classes.target}
                data-testid="customer-address"
              >
                {address}
              </Anchor>
            </Fact>
          )}
          <Fact icon={<IconUserShield size={16} />} label="Betreuer">
            <span data-testid="customer-staff">{staffNames(c.staff)}</span>
          </Fact>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
