import type { CustomerListItem } from '@butler/contract/customers';
import { Anchor, Badge, Card, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCopy, IconEye, IconMapPin, IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../app/permissions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageLoader } from '../../../components/page-loader';
import { Pager } from '../../../components/pager';
import { type Column, ResponsiveList } from '../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../components/states';
import { PAGE_SIZE } from '../../../lib/back-office';
import { addressLine, mapsUrl } from '../../../lib/maps';
import { copyToClipboard, notifySuccess } from '../../../lib/notify';
import { usePageInRange } from '../../../lib/use-url-filters';
import { useCustomers, useDeleteCustomer } from '../api/customers';
import { CustomerFormDialog } from './customer-form-dialog';
import type { Paging } from './list-paging';
import { RowActions } from './row-actions';
import { StatusBadge } from './status-badge';

/** Click copies the code: toast 2 s, or 'Code konnte nicht kopiert werden' (SPEC §8). */
export function ReferralCodeButton({ code }: { code: string }) {
  return (
    <Tooltip label="Klicken zum Kopieren" withArrow openDelay={300}>
      <UnstyledButton
        aria-label={`Empfehlungscode ${code} kopieren`}
        onClick={(event) => {
          event.stopPropagation();
          void copyToClipboard(code, 'Code in Zwischenablage gespeichert', 'Code konnte nicht kopiert werden');
        }}
      >
        <Badge
          variant="outline"
          color="navy"
          radius="sm"
          rightSection={<IconCopy size={12} aria-hidden />}
          ff="monospace"
        >
          {code}
        </Badge>
      </UnstyledButton>
    </Tooltip>
  );
}

export const CUSTOMER_DELETE_CONSEQUENCES =
  'Alle Projekte, Zeiteinträge, Stundenpakete, ButlerPakete und Wiki-Einträge des Kunden werden mit gelöscht, ebenso die Kontaktdaten und der Zugang zum Portal. Rechnungen bleiben erhalten (mit Name und Anschrift, wie sie ausgestellt wurden), ebenso Zahlungen, SEPA-Mandate (ein aktives wird widerrufen) und Bankbuchungen: gesetzliche Aufbewahrungspflicht von 7 Jahren (§ 132 BAO).';

/** The Kunden tab: server-paged, searched list with details, edit and delete. */
export function CustomersList({ search, paging }: { search?: string; paging: Paging }) {
  const navigate = useNavigate();
  const can = useCan();
  const { page, onPageChange: setPage } = paging;
  const [editing, setEditing] = useState<CustomerListItem | null>(null);
  const [deleting, setDeleting] = useState<CustomerListItem | null>(null);
  const query = useCustomers({ page, pageSize: PAGE_SIZE, search });
  usePageInRange(page, query.data?.total, PAGE_SIZE, paging.onPageOutOfRange);
  const remove = useDeleteCustomer();

  const details = (c: CustomerListItem) => navigate(`/admin/customer/${c.id}/details`);
  const pageOf = (c: CustomerListItem) => `/admin/customers/${c.id}`;
  const columns: Column<CustomerListItem>[] = [
    {
      key: 'name',
      label: 'Name',
      // A real link: Enter, a middle click and "open in new tab" work (decision 0745).
      render: (c) => (
        <Anchor component={Link} to={pageOf(c)} fw={600} c="navy.9">
          {c.name}
        </Anchor>
      ),
      hideOnCard: true,
    },
    {
      key: 'email',
      label: 'E-Mail',
      render: (c) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {c.email}
        </Text>
      ),
    },
    { key: 'company', label: 'Unternehmen', render: (c) => c.company || '–' },
    { key: 'status', label: 'Status', render: (c) => <StatusBadge active={c.is_active} /> },
    {
      key: 'code',
      label: 'Empfehlungscode',
      render: (c) => <ReferralCodeButton code={c.referral_code} />,
      hideOnCard: true,
    },
    {
      key: 'actions',
      label: 'Aktionen',
      align: 'right',
      hideOnCard: true,
      render: (c) => <RowActions actions={actionsFor(c)} />,
    },
  ];
  function actionsFor(c: CustomerListItem) {
    return [
      { label: `Details von ${c.name}`, icon: <IconEye size={18} />, onClick: () => details(c) },
      ...(can('customers.write')
        ? [{ label: `${c.name} bearbeiten`, icon: <IconPencil size={18} />, onClick: () => setEditing(c) }]
        : []),
      ...(can('customers.delete')
        ? [{ label: `${c.name} löschen`, icon: <IconTrash size={18} />, color: 'red', onClick: () => setDeleting(c) }]
        : []),
    ];
  }

  let body: React.ReactNode;
  if (query.isPending) body = <PageLoader text="Lade Kunden..." />;
  else if (query.isError)
    body = <ErrorState text="Fehler beim Laden der Kundendaten" onRetry={() => void query.refetch()} />;
  else if (query.data.items.length === 0)
    body = search ? (
      <EmptyState text={`Keine Kunden gefunden für "${search}"`} />
    ) : (
      <EmptyState text="Keine Kunden vorhanden" icon={<IconUsers size={36} color="var(--mantine-color-gray-5)" />} />
    );
  else
    body = (
      <>
        <ResponsiveList
          rows={query.data.items}
          columns={columns}
          rowKey={(c) => c.id}
          cardTitle={(c) => c.name}
          cardHref={pageOf}
          cardActions={(c) => {
            const address = addressLine(c);
            return (
              <Stack gap="xs" w="100%">
                {/* The visit's address opens the map app (a Butler on the way, decision 0743). */}
                {address && (
                  <Anchor href={mapsUrl(address)} target="_blank" rel="noopener" size="sm" c="navy.8">
                    <Group gap={4} wrap="nowrap" component="span">
                      <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
                      <span>{address}</span>
                    </Group>
                  </Anchor>
                )}
                <Group justify="space-between" w="100%">
                  <ReferralCodeButton code={c.referral_code} />
                  <RowActions actions={actionsFor(c)} />
                </Group>
              </Stack>
            );
          }}
          caption="Kunden"
        />
        <Pager page={page} total={query.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
      </>
    );

  return (
    <Card p={{ base: 'sm', sm: 'lg' }}>
      {body}
      <CustomerFormDialog opened={editing !== null} customer={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Kunde löschen"
        message={
          <>
            Sind Sie sicher, dass Sie den Kunden „{deleting?.name}“ löschen möchten? {CUSTOMER_DELETE_CONSEQUENCES}
          </>
        }
        errorFallback="Fehler beim Löschen des Kunden"
        onConfirm={async () => {
          if (!deleting) return;
          const result = await remove.mutateAsync(deleting.id);
          notifySuccess(result?.message ?? 'Kunde erfolgreich gelöscht');
        }}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
