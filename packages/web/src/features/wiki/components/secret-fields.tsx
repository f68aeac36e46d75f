import type { AdminUser } from '@butler/contract/auth';
import { revealRefusedText, type WikiEntry } from '@butler/contract/wiki';
import { ActionIcon, Button, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSession } from '../../../app/session-context';
import { errorText } from '../../../lib/api-client';
import { copyToClipboard, notifyError } from '../../../lib/notify';
import { fetchDecryptedEntry } from '../api/wiki';

type Secrets = { username: string | null; password: string | null };
const MASK = '••••••••';

/**
 * Username and password of a password entry: masked until revealed (an audited server
 * call), copyable, hidden again on demand. The clear values live only in this state.
 */
export function SecretFields({ entry, mayReveal = true }: { entry: WikiEntry; mayReveal?: boolean }) {
  const [secrets, setSecrets] = useState<Secrets | null>(null);
  const [busy, setBusy] = useState(false);
  // The refusal names who can grant access, by the reader's role (decision 0762).
  const role = (useSession().user as AdminUser | null)?.role;

  // Another entry version (after an edit) must not keep showing old secrets.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the entry changes.
  useEffect(() => setSecrets(null), [entry.id, entry.updated_at]);

  const load = async (): Promise<Secrets | null> => {
    setBusy(true);
    try {
      const clear = await fetchDecryptedEntry(entry.id);
      return { username: clear.username, password: clear.content };
    } catch (error) {
      notifyError(errorText(error, 'Fehler beim Entschlüsseln des Passworts'));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const toggle = async () => {
    if (secrets) return setSecrets(null);
    setSecrets(await load());
  };

  const copy = async (kind: 'Passwort' | 'Benutzername') => {
    const values = secrets ?? (await load());
    if (!values) return;
    const text = kind === 'Passwort' ? values.password : values.username;
    await copyToClipboard(
      text ?? '',
      `${kind} für "${entry.title}" kopiert`,
      'Fehler beim Kopieren in die Zwischenablage',
    );
  };

  const row = (kind: 'Passwort' | 'Benutzername', value: string | null | undefined) => (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Stack gap={0} miw={0}>
        <Text size="xs" c="dimmed">
          {kind}
        </Text>
        <Code
          data-testid={kind === 'Passwort' ? 'secret-password' : 'secret-username'}
          fz="sm"
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {secrets ? value || '—' : MASK}
        </Code>
      </Stack>
      {mayReveal && (
        <Tooltip label={`${kind} kopieren`}>
          <ActionIcon
            variant="light"
            aria-label={`${kind} kopieren`}
            onClick={() => copy(kind)}
            disabled={busy}
            style={{ flexShrink: 0 }}
          >
            <IconCopy size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );

  return (
    <Stack gap="xs" p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      {row('Benutzername', secrets?.username)}
      {row('Passwort', secrets?.password)}
      {mayReveal ? (
        <Group>
          <Button
            size="xs"
            variant="subtle"
            px={4}
            loading={busy}
            leftSection={secrets ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
            onClick={toggle}
          >
            {secrets ? 'Verbergen' : 'Anzeigen'}
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="dimmed" data-testid="secret-not-allowed">
          {revealRefusedText(role)}
        </Text>
      )}
    </Stack>
  );
}
