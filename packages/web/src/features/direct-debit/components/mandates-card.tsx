import type { Mandate } from '@butler/contract/direct-debit';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileDownload, IconPlus, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { type Column, ResponsiveList } from '../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../components/states';
import { errorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { downloadMandateForm, useMandates } from '../api/direct-debit';
import { MandateDialog } from './mandate-dialog';
import { MandateEvidenceDialog } from './mandate-evidence-dialog';
import { MandateStatusBadge } from './mandate-status-badge';
import { RevokeMandateDialog } from './revoke-mandate-dialog';

const download = (target: Parameters<typeof downloadMandateForm>[0]) =>
  downloadMandateForm(target).catch((error) =>
    notifyError(errorText(error, 'Das Formular konnte nicht erstellt werden')),
  );

const iban = (value: string) => value.replace(/(.{4})/g, '$1 ').trim();

/** The customer's SEPA mandates: record one, print the form, revoke; an online one with its proof (decision 0853). */
export function MandatesCard({ customerId, customerName }: { customerId: number; customerName: string }) {
  const mandates = useMandates(customerId);
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<Mandate | null>(null);
  const [evidence, setEvidence] = useState<Mandate | null>(null);
  const hasActive = (mandates.data ?? []).some((m) => m.status === 'active');

  const columns: Column<Mandate>[] = [
    { key: 'reference', label: 'Mandatsreferenz', render: (m) => m.reference, hideOnCard: true },
    { key: 'status', label: 'Status', render: (m) => <MandateStatusBadge status={m.status} /> },
    { key: 'iban', label: 'IBAN', render: (m) => iban(m.debtor_iban) },
    {
      key: 'signed',
      label: 'Unterschrieben',
      render: (m) => `${formatDate(m.signed_on)}${m.channel === 'online' ? ' · online' : ''}`,
    },
    {
      key: 'next',
      label: 'Nächster Einzug',
      render: (m) =>
        m.status === 'active' ? (m.next_sequence === 'FRST' ? 'Erstlastschrift' : 'Folgelastschrift') : '–',
    },
    {
      key: 'valid',
      label: 'Gültig bis',
      render: (m) => (m.expires_on ? formatDate(m.expires_on) : (m.status_reason ?? '–')),
    },
  ];
  const actions = (m: Mandate) => (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        variant="subtle"
        onClick={() => void download({ mandateId: m.id })}
        aria-label={`${m.channel === 'online' ? 'Kopie' : 'Formular'} ${m.reference}`}
      >
        {m.channel === 'online' ? 'Kopie' : 'Formular'}
      </Button>
      {m.evidence && (
        <Button size="xs" variant="subtle" onClick={() => setEvidence(m)} aria-label={`Nachweis ${m.reference}`}>
          Nachweis
        </Button>
      )}
      {m.status === 'active' && (
        <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking(m)}>
          Widerrufen
        </Button>
      )}
    </Group>
  );

  return (
    <Card data-testid="mandates-card">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          SEPA-Mandate
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileDownload size={16} />}
            onClick={() => void download({ customerId })}
          >
            Formular drucken
          </Button>
          {!hasActive && (
            <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              Mandat erfassen
            </Button>
          )}
        </Group>
      </Group>
      {mandates.isPending ? (
        <PageLoader text="Lade Mandate..." />
      ) : mandates.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void mandates.refetch()} />
      ) : mandates.data.length === 0 ? (
        <EmptyState
          text="Noch kein SEPA-Mandat. Ohne Mandat werden Rechnungen per Überweisung bezahlt."
          icon={<IconSignature size={28} />}
        />
      ) : (
        <Stack gap="xs">
          <ResponsiveList
            rows={mandates.data}
            columns={[
              ...columns,
              { key: 'actions', label: 'Aktionen', render: actions, hideOnCard: true, align: 'right' },
            ]}
            rowKey={(m) => m.id}
            cardTitle={(m) => m.reference}
            cardActions={actions}
          />
          <Text size="xs" c="dimmed">
            Ein Mandat verfällt nach 36 Monaten ohne Einzug.
          </Text>
        </Stack>
      )}
      <MandateDialog
        opened={adding}
        onClose={() => setAdding(false)}
        customerId={customerId}
        customerName={customerName}
      />
      <RevokeMandateDialog mandate={revoking} onClose={() => setRevoking(null)} />
      <MandateEvidenceDialog mandate={evidence} onClose={() => setEvidence(null)} />
    </Card>
  );
}
