import type { MandateOnlineState } from '@butler/contract/mandate-online';
import { Modal, PasswordInput, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { newRequestKey } from '../../../lib/request-key';
import { usePhone } from '../../../lib/use-phone';
import { useMandateOnlineActions, useMandateTexts } from './mandate-online-api';
import { groupIban, type MandateSignValues, mandateSignBody, mandateSignErrors } from './mandate-sign-rules';

type Offer = NonNullable<MandateOnlineState['offer']>;

/**
 * "Lastschrift einrichten" (decision 0853): the mandate text as the portal will store it,
 * the account, and the password that stands for the signature. Full screen on a phone.
 */
export function MandateSignDialog({
  customerId,
  offer,
  replaces,
  onClose,
}: {
  customerId: number;
  offer: Offer;
  /** The reference of the active mandate this one will replace. */
  replaces: string | null;
  onClose: () => void;
}) {
  const t = useMandateTexts();
  const phone = usePhone();
  const size = phone ? 'md' : 'sm';
  const { sign } = useMandateOnlineActions(customerId);
  const [key] = useState(newRequestKey);
  const { form, error, setError, field, onInvalid } = useDialogForm<MandateSignValues>({
    opened: true,
    initial: () => ({ debtor_name: offer.debtor_name, debtor_iban: '', debtor_bic: '', password: '' }),
    validate: (values) => mandateSignErrors(values, t),
    deps: [offer.reference],
    clearErrorOnEdit: true,
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await sign.mutateAsync(mandateSignBody(values, offer, key));
      notifySuccess(t.signed);
      onClose();
    } catch (cause) {
      form.setFieldValue('password', '');
      setError(errorText(cause, 'Das Mandat konnte nicht gespeichert werden.'));
    }
  }, onInvalid);

  return (
    <Modal opened onClose={onClose} title="Lastschrift einrichten" fullScreen={phone} size="lg">
      <form noValidate onSubmit={submit} data-testid="mandate-sign-dialog">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t.textIntro}
          </Text>
          <ScrollArea.Autosize mah={phone ? 260 : 320} type="auto" offsetScrollbars>
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-line' }}
              p="sm"
              bg="var(--mantine-color-gray-0)"
              data-testid="mandate-text"
              aria-label="Text des Mandats"
            >
              {offer.mandate_text}
            </Text>
          </ScrollArea.Autosize>
          {replaces && (
            <Text size="sm" data-testid="mandate-replaces">
              Ersetzt das Mandat {replaces}.
            </Text>
          )}
          <TextInput
            label="Kontoinhaber"
            description={t.holderHint}
            withAsterisk
            size={size}
            maxLength={70}
            autoComplete="name"
            {...field('debtor_name')}
          />
          <TextInput
            label="IBAN"
            withAsterisk
            size={size}
            autoComplete="off"
            inputMode="text"
            placeholder="AT00 0000 0000 0000 0000"
            {...field('debtor_iban')}
            onChange={(event) => form.setFieldValue('debtor_iban', groupIban(event.currentTarget.value))}
          />
          <TextInput label="BIC (freiwillig)" size={size} maxLength={11} autoComplete="off" {...field('debtor_bic')} />
          <PasswordInput
            label={t.passwordLabel}
            description={t.passwordHint}
            withAsterisk
            size={size}
            autoComplete="current-password"
            {...field('password')}
          />
          <FormError message={error} />
          <DialogButtons
            busy={sign.isPending}
            onCancel={onClose}
            size={size}
            label="Mandat unterschreiben"
            busyLabel="Wird unterschrieben..."
          />
        </Stack>
      </form>
    </Modal>
  );
}
