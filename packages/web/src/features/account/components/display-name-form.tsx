import { zDisplayNameUpdate } from '@butler/contract/account';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useSetDisplayName } from '../api/account';

/**
 * "Anzeigename": the name colleagues and customers see on bookings ("gebucht von"), in
 * "Zugriffe" and in the Protokoll (decision 0622). Used under Konto and by the first-day prompt.
 */
export function DisplayNameForm({
  initial,
  submitLabel = 'Namen speichern',
  onSaved,
}: {
  initial: string;
  submitLabel?: string;
  onSaved?: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useSetDisplayName();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = zDisplayNameUpdate.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Bitte geben Sie Ihren Namen ein');
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(parsed.data.name);
      notifySuccess('Anzeigename gespeichert');
      onSaved?.();
    } catch (cause) {
      setError(
        cause instanceof ApiError && cause.details?.name
          ? cause.details.name
          : errorText(cause, 'Fehler beim Speichern'),
      );
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label="Anzeigename"
          description="So sehen Kolleginnen, Kollegen und Kunden Sie, z. B. „gebucht von Lisa Berger“."
          placeholder="Vorname Nachname"
          autoComplete="name"
          withAsterisk
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
