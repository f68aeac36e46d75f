import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/states';
import { errorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { downloadSignedCopy, useMandateOnline, useMandateTexts } from './mandate-online-api';

// The dialogs (and the IBAN check's library) load when the customer opens one.
const MandateSignDialog = lazy(async () => ({ default: (await import('./mandate-sign-dialog')).MandateSignDialog }));
const MandateRevokeDialog = lazy(async () => ({
  default: (await import('./mandate-revoke-dialog')).MandateRevokeDialog,
}));

/** "Lastschrift (SEPA)" in Mein Konto (decision 0853): the active mandate, or the way to sign one. */
export function MandateSection({ customerId }: { customerId: number }) {
  const t = useMandateTexts();
  const state = useMandateOnline(customerId);
  const [open, setOpen] = useState<'sign' | 'revoke' | null>(null);
  const close = () => setOpen(null);
  const data = state.data;
  const active = data?.active ?? null;

  const copy = (reference: string) =>
    downloadSignedCopy(customerId, reference).catch((error) =>
      notifyError(errorText(error, 'Die Kopie konnte nicht geladen werden')),
    );

  return (
    <Card withBorder radius="md" padding="lg" data-testid="mandate-section">
      <Stack gap="sm">
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <IconBuildingBank size={20} aria-hidden />
            <Title order={2} size="h4">
              Lastschrift (SEPA)
            </Title>
          </Group>
          {active && (
            <Badge color="green" variant="light" data-testid="mandate-active-badge">
              Aktiv
            </Badge>
          )}
        </Group>
        {state.isPending ? (
          <PageLoader text="Lade Lastschrift..." />
        ) : state.isError || !data ? (
          <ErrorState text="Fehler beim Laden der Daten" onRetry={() => state.refetch()} />
        ) : (
          <>
            {active ? (
              <Stack gap={4} data-testid="mandate-active">
                <Text>{t.active(active.reference, active.account)}</Text>
                <Text size="sm" c="dimmed">
                  {t.activeSince(formatDate(active.signed_on))} Kontoinhaber: {active.debtor_name}
                </Text>
              </Stack>
            ) : (
              <Text size="sm">{data.ready ? t.intro : t.none}</Text>
            )}
            {!data.ready && (
              <Text size="sm" c="dimmed">
                {t.notReady}
              </Text>
            )}
            {active && data.ready && (
              <Text size="sm" c="dimmed">
                {t.replaceHint}
              </Text>
            )}
            <Group gap="xs">
              {data.offer && (
                <Button size="sm" variant={active ? 'default' : 'filled'} onClick={() => setOpen('sign')}>
                  {active ? 'Neues Konto einrichten' : 'Lastschrift einrichten'}
                </Button>
              )}
              {active?.channel === 'online' && (
                <Button size="sm" variant="subtle" onClick={() => void copy(active.reference)}>
                  Kopie des Mandats
                </Button>
              )}
              {active && (
                <Button size="sm" variant="subtle" color="red" onClick={() => setOpen('revoke')}>
                  Lastschrift widerrufen
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
      <Suspense fallback={null}>
        {open === 'sign' && data?.offer && (
          <MandateSignDialog
            customerId={customerId}
            offer={data.offer}
            replaces={active?.reference ?? null}
            onClose={close}
          />
        )}
        {open === 'revoke' && active && (
          <MandateRevokeDialog
            customerId={customerId}
            mandate={active}
            announced={data?.announced_invoices ?? 0}
            onClose={close}
          />
        )}
      </Suspense>
    </Card>
  );
}
