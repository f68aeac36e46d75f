import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { errorText } from '../../../lib/api-client';
import { formatHours } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';

/** One text and a submit: "Abschließen" (optional summary) and "Ohne Freigabe buchen..." (a reason). */
export function OrderTextDialog({
  opened,
  onClose,
  title,
  intro,
  label,
  required,
  submitLabel,
  done,
  onSubmit,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  label: string;
  required?: string;
  submitLabel: string;
  done: string;
  onSubmit: (text: string) => Promise<unknown>;
}) {
  const phone = usePhone();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setText('');
      setError(null);
    }
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={phone}>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (required && text.trim().length < 3) {
            setError(required);
            return;
          }
          setBusy(true);
          setError(null);
          try {
            await onSubmit(text.trim());
            notifySuccess(done);
            onClose();
          } catch (cause) {
            setError(errorText(cause, 'Das hat nicht geklappt.'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack>
          <Text size="sm">{intro}</Text>
          <Textarea
            label={label}
            withAsterisk={Boolean(required)}
            autosize
            minRows={3}
            maxRows={8}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={Boolean(error && required)}
            data-autofocus
          />
          <FormError message={error} />
          <DialogButtons busy={busy} onCancel={onClose} label={submitLabel} busyLabel="Wird gespeichert..." />
        </Stack>
      </form>
    </Modal>
  );
}

export const closeIntro = (booked: number, customerName: string) =>
  `Der Auftrag wird erledigt; ${customerName} sieht ${formatHours(booked)} gebucht und Ihre Zusammenfassung.`;
