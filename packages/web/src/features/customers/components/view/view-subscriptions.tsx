import type { Subscription } from '@butler/contract/subscriptions';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconHistory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { type Column, ResponsiveList } from '../../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../../components/states';
import { formatDate, formatEuro, formatHours } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { ALL_PAGE_SIZE } from '../../api/keys';
import { useDeleteSubscription, useSubscriptions } from '../../api/subscriptions';
import { SubscriptionDialog } from '../panels/subscription-dialog';
import { SubscriptionHistoryDialog } from '../panels/subscription-history-dialog';
import { templateName } from '../panels/subscriptions-panel';
import { RowActions } from '../row-actions';
import { StatusBadge } from '../status-badge';

/** BUTLER-Pakete table of the admin customer view (a customer holds a handful). */
export function ViewSubscriptions({ customerId }: { customerId: number }) {
  const query = useSubscriptions({ customerId, pageSize: ALL_PAGE_SIZE });
  const remove = useDeleteSubscription();
  const [dialog, setDialog] = useState<{ subscription: Subscription | null } | null>(null);
  const [history, setHistory] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Subscription | null>(null);

  const actions = (s: Subscription) => [
    {
      label: `Verlauf von ${templateName(s)} anzeigen`,
      icon: <IconHistory size={18} />,
      onClick: () => setHistory(s.id),
    },
    {
      label: `${templateName(s)} bearbeiten`,
      icon: <IconPencil size={18} />,
      onClick: () => setDialog({ subscription: s }),
    },
    { label: `${templateName(s)} löschen`, icon: <IconTrash size={18} />, color: 'red', onClick: () => setDeleting(s) },
  ];
  const columns: Column<Subscription>[] = [
    {
      key: 'name',
      label: 'Paketname',
      render: (s) => (
        <Text size="sm" fw={600}>
          {templateName(s)}
        </Text>
      ),
      hideOnCard: true,
    },
    { key: 'hours', label: 'Monatl. Stunden', render: (s) => formatHours(s.monthly_hours) },
    { key: 'original', label: 'Originalpreis', render: (s) => formatEuro(s.original_monthly_price) },
    {
      key: 'discounted',
      label: 'Rabattpreis',
      render: (s) =>
        s.has_referral_discount ? (
          <Text size="sm" fw={600} c="teal.9">
            {formatEuro(s.monthly_price)}
          </Text>
        ) : (
          '–'
        ),
    },
    { key: 'start', label: 'Startdatum', render: (s) => formatDate(s.start_date) },
    { key: 'end', label: 'Enddatum', render: (s) => formatDate(s.end_date) },
    { key: 'trips', label: 'Fahrten/Monat', render: (s) => s.monthly_trips ?? '–' },
    {
      key: 'status',
      label: 'Status',
      render: (s) => <StatusBadge active={s.status === 'active'} inactiveLabel="Abgelaufen" />,
    },
    {
      key: 'actions',
      label: 'Aktionen',
      align: 'right',
      hideOnCard: true,
      render: (s) => <RowActions actions={actions(s)} />,
    },
  ];

  return (
    <Card p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          BUTLER-Pakete
        </Title>
        <Button
          size="xs"
          variant="light"
          color="blue"
          leftSection={<IconPlus size={14} />}
          onClick={() => setDialog({ subscription: null })}
        >
          ButlerPaket hinzufügen
        </Button>
      </Group>
      {query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Text c="dimmed">Lade ButlerPakete...</Text>
      ) : query.data.items.length === 0 ? (
        <EmptyState text="Keine BUTLER-Pakete vorhanden" />
      ) : (
        <ResponsiveList
          rows={query.data.items}
          columns={columns}
          rowKey={(s) => s.id}
          cardTitle={templateName}
          cardActions={(s) => <RowActions actions={actions(s)} />}
          caption="BUTLER-Pakete"
        />
      )}
      <SubscriptionDialog
        opened={dialog !== null}
        subscription={dialog?.subscription ?? null}
        customerId={customerId}
        onClose={() => setDialog(null)}
      />
      <SubscriptionHistoryDialog subscriptionId={history} onClose={() => setHistory(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="ButlerPaket löschen"
        message={`Sind Sie sicher, dass Sie das ButlerPaket „${deleting ? templateName(deleting) : ''}“ (${formatDate(deleting?.start_date)} – ${formatDate(deleting?.end_date)}) löschen möchten? Sind in seiner Laufzeit Zeiteinträge gebucht, verschieben oder löschen Sie diese zuerst.`}
        errorFallback="Fehler beim Löschen des ButlerPakets"
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notifySuccess('ButlerPaket erfolgreich gelöscht');
        }}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
