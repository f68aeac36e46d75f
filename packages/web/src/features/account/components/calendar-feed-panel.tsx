import type { CalendarFeed, CalendarFeedCreated } from '@butler/contract/calendar-feeds';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconBan, IconCalendarShare, IconCopy, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api-client';
import { copyToClipboard, notifySuccess } from '../../../lib/notify';
import { feedFacts } from './calendar-feed-rules';

/** What a Kalender-Abo says in its reader's voice: the lounge's du or Sie, Sie for staff. */
export type CalendarFeedTexts = {
  /** Below the address shown once: copy it now, add it to the calendar app, keep it private. */
  urlHint: string;
  renewAsk: string;
  offAsk: string;
};

/**
 * One Kalender-Abo (decision 0841): switched off, "Kalender-Abo einschalten"; switched on,
 * since when and when a calendar last fetched it, "Neue Adresse erstellen" and "Ausschalten"
 * (both confirmed first: the old address stops working). A new address is shown this once,
 * in a read-only field with a copy button; the portal keeps only its hash.
 */
export function CalendarFeedPanel({
  name,
  description,
  feed,
  texts,
  onCreate,
  onDelete,
  testId,
}: {
  /** The feed's name when a card holds more than one ("Meine Termine"). */
  name?: string;
  description?: ReactNode;
  feed: CalendarFeed | null;
  texts: CalendarFeedTexts;
  onCreate: () => Promise<CalendarFeedCreated>;
  onDelete: () => Promise<unknown>;
  testId: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<'renew' | 'off' | null>(null);

  const create = async (done: string) => {
    const created = await onCreate();
    setUrl(created.url);
    notifySuccess(done);
  };
  const switchOn = async () => {
    setBusy(true);
    setError(null);
    try {
      await create('Kalender-Abo eingeschaltet');
    } catch (cause) {
      setError(errorText(cause, 'Das Kalender-Abo konnte nicht eingeschaltet werden.'));
    } finally {
      setBusy(false);
    }
  };
  const label = name ? `Adresse für „${name}“` : 'Adresse des Kalender-Abos';

  return (
    <Stack gap="sm" data-testid={testId}>
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            {name && <Text fw={600}>{name}</Text>}
            <Badge color={feed ? 'teal' : 'gray'} variant="light" data-testid={`${testId}-state`}>
              {feed ? 'eingeschaltet' : 'ausgeschaltet'}
            </Badge>
          </Group>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
          {feed &&
            feedFacts(feed).map((fact) => (
              <Text key={fact} size="sm" c="dimmed">
                {fact}
              </Text>
            ))}
        </Stack>
        {feed ? (
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => setAsking('renew')}
              aria-label={name ? `Neue Adresse erstellen: ${name}` : undefined}
            >
              Neue Adresse erstellen
            </Button>
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconBan size={14} aria-hidden />}
              onClick={() => setAsking('off')}
              aria-label={name ? `Ausschalten: ${name}` : undefined}
            >
              Ausschalten
            </Button>
          </Group>
        ) : (
          <Button
            size="xs"
            leftSection={<IconCalendarShare size={14} aria-hidden />}
            loading={busy}
            onClick={() => void switchOn()}
            aria-label={name ? `Kalender-Abo einschalten: ${name}` : undefined}
          >
            Kalender-Abo einschalten
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert" py="xs">
          {error}
        </Alert>
      )}
      {url && feed && (
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-navy-0)" data-testid={`${testId}-url`}>
          <Stack gap="xs">
            <Textarea
              label={label}
              value={url}
              readOnly
              autosize
              minRows={1}
              onFocus={(event) => event.currentTarget.select()}
              styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all' } }}
            />
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCopy size={14} aria-hidden />}
              onClick={() => void copyToClipboard(url, 'Adresse kopiert', 'Die Adresse konnte nicht kopiert werden')}
              style={{ alignSelf: 'flex-start' }}
            >
              Adresse kopieren
            </Button>
            <Text size="sm">{texts.urlHint}</Text>
          </Stack>
        </Paper>
      )}
      <ConfirmDialog
        opened={asking === 'renew'}
        title="Neue Adresse erstellen?"
        message={texts.renewAsk}
        confirmLabel="Neue Adresse erstellen"
        errorFallback="Fehler beim Erstellen der neuen Adresse"
        onConfirm={() => create('Neue Adresse erstellt')}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        opened={asking === 'off'}
        title={name ? `„${name}“ ausschalten?` : 'Kalender-Abo ausschalten?'}
        message={texts.offAsk}
        confirmLabel="Ausschalten"
        errorFallback="Fehler beim Ausschalten des Kalender-Abos"
        onConfirm={async () => {
          await onDelete();
          setUrl(null);
          notifySuccess('Kalender-Abo ausgeschaltet');
        }}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
