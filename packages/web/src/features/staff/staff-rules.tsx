import { MAX_BUTLER_TIME_ENTRY_DAYS } from '@butler/contract/permissions';
import { Button, Group, NumberInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError, errorText } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSaveStaffRules, useStaffRules } from './api';

/** How many days back a Butler may book and change their own time entries (decision 0540). */
export function StaffRules() {
  const rules = useStaffRules();
  const save = useSaveStaffRules();
  const [days, setDays] = useState<number | string>('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (rules.data) setDays(rules.data.butler_time_entry_days);
  }, [rules.data]);
  const submit = async () => {
    setError(undefined);
    try {
      await save.mutateAsync({ butler_time_entry_days: Number(days) });
      notifySuccess('Einstellung gespeichert');
    } catch (cause) {
      if (cause instanceof ApiError && cause.details?.butler_time_entry_days) {
        setError(cause.details.butler_time_entry_days);
      } else notifyError(errorText(cause, 'Fehler beim Speichern der Einstellungen'));
    }
  };
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <NumberInput
        label="Butler: eigene Zeiteinträge bis zu ... Tage zurück"
        description="So viele Tage nach dem Arbeitstag dürfen Butler eigene Einträge noch erfassen, ändern und löschen (0 = nur heute)."
        value={days}
        onChange={setDays}
        min={0}
        max={MAX_BUTLER_TIME_ENTRY_DAYS}
        step={1}
        allowDecimal={false}
        suffix=" Tage"
        error={error}
        disabled={!rules.data}
        maw={460}
        style={{ flex: '1 1 280px' }}
      />
      <Button
        variant="default"
        onClick={() => void submit()}
        loading={save.isPending}
        disabled={!rules.data || Number(days) === rules.data.butler_time_entry_days}
      >
        Speichern
      </Button>
    </Group>
  );
}
