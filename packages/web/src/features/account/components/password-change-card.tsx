import { LOUNGE_TEXTS } from '@butler/contract/lounge-texts';
import type { CustomerVoice } from '@butler/contract/voice';
import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../api/account';

const TEXTS = {
  sie: {
    intro: 'Mindestens 10 Zeichen. Ein langer Satz ist sicherer als ein kurzes Passwort mit Sonderzeichen.',
    current: 'Bitte geben Sie Ihr aktuelles Passwort ein',
    fresh: 'Bitte geben Sie ein neues Passwort ein',
    mismatch: 'Die Passwörter stimmen nicht überein',
  },
};

/** A customer's texts in their form of address (decision 0620). */
const customerTexts = (voice: CustomerVoice) => ({
  ...TEXTS.sie,
  current: LOUNGE_TEXTS[voice].passwordCurrentEmpty,
  fresh: LOUNGE_TEXTS[voice].passwordFreshEmpty,
});

/** Own password change: current password, new password twice; other sessions end. */
export function PasswordChangeCard({ voice }: { voice: 'staff' | CustomerVoice }) {
  const t = voice === 'staff' ? TEXTS.sie : customerTexts(voice);
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [fresh, setFresh] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!current) next.current_password = t.current;
    if (!fresh) next.new_password = t.fresh;
    else if (fresh !== repeat) next.repeat = t.mismatch;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await change.mutateAsync({ current_password: current, new_password: fresh });
      setCurrent('');
      setFresh('');
      setRepeat('');
      notifySuccess('Passwort geändert. Alle anderen Anmeldungen wurden beendet.');
    } catch (cause) {
      if (cause instanceof ApiError && cause.details) setErrors(cause.details);
      else setErrors({ form: errorText(cause, 'Fehler beim Ändern des Passworts') });
    }
  };

  const toggle = { 'aria-label': 'Passwort anzeigen oder verbergen' };
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group gap="xs">
            <IconKey size={20} aria-hidden />
            <Title order={2} size="h4">
              Passwort ändern
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t.intro}
          </Text>
          <PasswordInput
            label="Aktuelles Passwort"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errors.current_password}
            visibilityToggleButtonProps={toggle}
            required
          />
          <PasswordInput
            label="Neues Passwort"
            autoComplete="new-password"
            value={fresh}
            onChange={(e) => setFresh(e.currentTarget.value)}
            error={errors.new_password}
            visibilityToggleButtonProps={toggle}
            required
          />
          <PasswordInput
            label="Neues Passwort wiederholen"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            error={errors.repeat}
            visibilityToggleButtonProps={toggle}
            required
          />
          {errors.form && (
            <Text c="red" size="sm" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Passwort ändern
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
