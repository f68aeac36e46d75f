import {
  type LedgerEntry,
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_SOURCE_LABELS,
} from '@butler/contract/payments';
import { ActionIcon, Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, ResponsiveList } from '../../../components/responsive-list';
import { formatDate, formatEuro, formatMonthYear } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePaymentActions } from '../api/payments';
import { ReasonDialog } from './reason-dialog';

const REMOVAL_EFFECT: Record<LedgerEntry['kind'], string> = {
  payment: 'Die Rechnung ist danach wieder um diesen Betrag offen.',
  credit_applied: 'Die Rechnung ist wieder um diesen Betrag offen, der Kunde hat ihn wieder als Guthaben.',
  refund: 'Der Betrag ist wieder Guthaben des Kunden.',
  reversal: '',
};

/** Money in is positive, money out (refund) negative; a reversal undoes the sign of its entry. */
function signedAmount(entry: LedgerEntry, all: LedgerEntry[]) {
  if (entry.kind === 'refund') return -entry.amount;
  if (entry.kind === 'reversal') {
    const original = all.find((e) => e.id === entry.reverses_id);
    return original?.kind === 'refund' ? entry.amount : -entry.amount;
  }
  return entry.amount;
}

function Details({ entry }: { entry: LedgerEntry }) {
  const parts = [
    entry.method ? PAYMENT_METHOD_LABELS[entry.method] : null,
    entry.source !== 'manual' ? PAYMENT_SOURCE_LABELS[entry.source] : null,
    entry.reference,
  ].filter(Boolean);
  return (
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
      {parts.join(' · ') || '–'}
      {entry.note && (
        <Text size="xs" c="dimmed">
          {entry.note}
        </Text>
      )}
      {entry.kind === 'reversal' && entry.reason && (
        <Text size="xs" c="dimmed">
          Grund: {entry.reason}
          {entry.fee ? ` · Gebühr ${formatEuro(entry.fee)}` : ''}
        </Text>
      )}
    </Text>
  );
}

/**
 * The ledger of an invoice or a customer (decision 0580): every entry stays; a removed one
 * is marked "entfernt" with its reason and a reversal entry follows it.
 */
export function LedgerEntries({ entries, showInvoice = false }: { entries: LedgerEntry[]; showInvoice?: boolean }) {
  const { reverse } = usePaymentActions();
  const [removing, setRemoving] = useState<LedgerEntry | null>(null);
  const label = (e: LedgerEntry) => `${PAYMENT_KIND_LABELS[e.kind]} vom ${formatDate(e.payment_date)}`;

  const columns: Column<LedgerEntry>[] = [
    { key: 'date', label: 'Datum', render: (e) => formatDate(e.payment_date), hideOnCard: true },
    {
      key: 'kind',
      label: 'Buchung',
      hideOnCard: true,
      render: (e) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{PAYMENT_KIND_LABELS[e.kind]}</Text>
          {e.reversed && (
            <Tooltip label={e.reversal_reason ? `Grund: ${e.reversal_reason}` : 'entfernt'} withArrow>
              <Badge color="gray" variant="outline" size="sm">
                entfernt
              </Badge>
            </Tooltip>
          )}
        </Group>
      ),
    },
    ...(showInvoice
      ? [
          {
            key: 'invoice',
            label: 'Rechnung',
            render: (e: LedgerEntry) =>
              e.invoice_id ? (
                <Anchor component={Link} to={`/admin/quickbill/invoices/${e.invoice_id}`} size="sm">
                  {e.invoice_number ?? `#${e.invoice_id}`}
                </Anchor>
              ) : (
                '–'
              ),
          },
        ]
      : []),
    {
      key: 'amount',
      label: 'Betrag',
      align: 'right' as const,
      render: (e) => (
        <Text size="sm" fw={600} td={e.reversed ? 'line-through' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {formatEuro(signedAmount(e, entries))}
        </Text>
      ),
    },
    { key: 'details', label: 'Details', render: (e) => <Details entry={e} /> },
    { key: 'by', label: 'Erfasst von', render: (e) => e.created_by },
    {
      key: 'actions',
      label: 'Aktionen',
      align: 'right' as const,
      hideOnCard: true,
      render: (e) => <RemoveButton entry={e} label={label(e)} onClick={() => setRemoving(e)} />,
    },
  ];

  return (
    <>
      <ResponsiveList
        rows={entries}
        columns={columns}
        rowKey={(e) => e.id}
        caption="Buchungen"
        cardTitle={(e) => (
          <Group gap={6}>
            <span>{label(e)}</span>
            {e.reversed && (
              <Badge color="gray" variant="outline" size="sm">
                entfernt
              </Badge>
            )}
          </Group>
        )}
        cardActions={(e) => <RemoveButton entry={e} label={label(e)} onClick={() => setRemoving(e)} />}
      />
      {removing && (
        <ReasonDialog
          title={removing.kind === 'payment' ? 'Zahlung entfernen' : 'Buchung entfernen'}
          intro={`${label(removing)} über ${formatEuro(removing.amount)} wird storniert: ${REMOVAL_EFFECT[removing.kind]} Die Buchung bleibt mit dem Grund im Verlauf sichtbar.`}
          submitLabel="Entfernen"
          danger
          mutation={reverse}
          onClose={() => setRemoving(null)}
          onSubmit={async ({ reason }) => {
            await reverse.mutateAsync({ entryId: removing.id, reason });
            notifySuccess(`${PAYMENT_KIND_LABELS[removing.kind]} entfernt`);
          }}
        />
      )}
    </>
  );
}

/** `2026-11` → `November 2026`. */
const monthName = (month: string) => formatMonthYear(Number(month.slice(0, 4)), Number(month.slice(5, 7)));

function RemoveButton({ entry, label, onClick }: { entry: LedgerEntry; label: string; onClick: () => void }) {
  if (entry.kind === 'reversal' || entry.reversed) return null;
  // Dated in a closed month (decision 0821): removing it would change the month's figures,
  // whatever the date of the removal; the server refuses it, so it is not offered.
  if (entry.closed_month) {
    return (
      <Tooltip
        label={`Der ${monthName(entry.closed_month)} ist abgeschlossen. Entfernen lässt sich die Buchung erst, wenn die Inhaberin oder der Inhaber den Monat wieder öffnet.`}
        multiline
        w={260}
        withArrow
      >
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <IconLock size={14} aria-hidden />
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            Monat abgeschlossen
          </Text>
        </Group>
      </Tooltip>
    );
  }
  return (
    <Tooltip label="Entfernen" withArrow>
      <ActionIcon variant="subtle" color="red" aria-label={`${label} entfernen`} onClick={onClick}>
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
