import { type ClosedMonth, REOPEN_REASON_MIN } from '@butler/contract/accounting-periods';
import { Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../app/permissions';
import { PageLoader } from '../../components/page-loader';
import { type Column, ResponsiveList } from '../../components/responsive-list';
import { EmptyState, ErrorState } from '../../components/states';
import { errorText } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useClosedMonths, useReopenMonth } from './api';

const MIN_REASON = REOPEN_REASON_MIN;

function ReopenDialog({ month, onClose }: { month: ClosedMonth | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reopen = useReopenMonth();
  const label = month ? month.label : '';
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!month) return;
    if (reason.trim().length < MIN_REASON) {
      setError(`Bitte geben Sie einen Grund an (mindestens ${MIN_REASON} Zeichen)`);
      return;
    }
    reopen.mutate(
      { month: month.month, reason: reason.trim() },
      {
        onSuccess: () => {
          notifySuccess(`${label} ist wieder offen`);
          close();
        },
        onError: (e) => setError(errorText(e, 'Der Monat konnte nicht wieder geöffnet werden')),
      },
    );
  };
  return (
    <Modal opened={month !== null} onClose={close} title={`${label} wieder öffnen`}>
      <Stack>
        <Text size="sm">
          Danach lassen sich Buchungen mit einem Datum in diesem Monat wieder ändern. Die nächste Übergabe des Monats
          wird als Korrektur gekennzeichnet. Der Grund steht im Protokoll.
        </Text>
        <Textarea
          label="Grund"
          withAsterisk
          autosize
          minRows={3}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Abbrechen
          </Button>
          <Button color="orange" onClick={submit} disabled={reopen.isPending}>
            {reopen.isPending ? 'Wird geöffnet...' : 'Wieder öffnen'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Abgeschlossene Zeiträume" (Festschreibung, decision 0821): who closed or reopened which month, and why. */
export function ClosedMonthsCard() {
  const can = useCan();
  const months = useClosedMonths();
  const [reopening, setReopening] = useState<ClosedMonth | null>(null);

  const columns: Column<ClosedMonth>[] = [
    { key: 'month', label: 'Monat', render: (m) => m.label, hideOnCard: true },
    {
      key: 'state',
      label: 'Stand',
      render: (m) =>
        m.reopened_at ? (
          <Badge color="orange" variant="light">
            wieder offen
          </Badge>
        ) : (
          <Badge color="gray" variant="light" leftSection={<IconLock size={12} />}>
            abgeschlossen
          </Badge>
        ),
    },
    {
      key: 'who',
      label: 'Zuletzt',
      render: (m) =>
        m.reopened_at
          ? `geöffnet ${formatDateTime(m.reopened_at)} von ${m.reopened_by}: ${m.reopen_reason}`
          : `abgeschlossen ${formatDateTime(m.closed_at)} von ${m.closed_by}`,
    },
    {
      key: 'correction',
      label: 'Übergabe',
      render: (m) =>
        m.needs_correction_export ? 'Korrektur ausstehend' : m.export_id !== null ? 'mit Übergabe' : 'ohne Übergabe',
    },
  ];
  if (can('accounting.reopen')) {
    columns.push({
      key: 'actions',
      label: '',
      hideOnCard: true,
      align: 'right',
      render: (m) =>
        m.reopened_at ? null : (
          <Button
            size="compact-sm"
            variant="subtle"
            color="orange"
            leftSection={<IconLockOpen size={16} />}
            onClick={() => setReopening(m)}
          >
            Wieder öffnen
          </Button>
        ),
    });
  }

  return (
    <Card component="section" aria-labelledby="closed-months-title">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <IconLock size={22} color="var(--mantine-color-navy-7)" aria-hidden />
        <Title order={2} size="h4" id="closed-months-title">
          Abgeschlossene Zeiträume
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        In einem abgeschlossenen Monat ist nichts mehr änderbar, was dort datiert ist. Abschließen geht mit einer
        Übergabe; wieder öffnen nur die Inhaberin oder der Inhaber, mit Grund.
      </Text>
      {months.isPending ? (
        <PageLoader text="Lade abgeschlossene Zeiträume..." />
      ) : months.isError ? (
        <ErrorState text="Fehler beim Laden der abgeschlossenen Zeiträume" onRetry={() => months.refetch()} />
      ) : months.data.length === 0 ? (
        <EmptyState text="Noch kein Zeitraum abgeschlossen." />
      ) : (
        <ResponsiveList
          rows={months.data}
          columns={columns}
          rowKey={(m) => m.month}
          caption="Abgeschlossene Zeiträume"
          cardTitle={(m) => m.label}
          cardActions={
            can('accounting.reopen')
              ? (m) =>
                  m.reopened_at ? null : (
                    <Button size="compact-sm" variant="light" color="orange" onClick={() => setReopening(m)}>
                      Wieder öffnen
                    </Button>
                  )
              : undefined
          }
        />
      )}
      <ReopenDialog month={reopening} onClose={() => setReopening(null)} />
    </Card>
  );
}
