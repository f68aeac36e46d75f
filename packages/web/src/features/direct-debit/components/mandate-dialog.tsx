import { type MandateInput, SCHEME_LABELS, zMandateInput } from '@butler/contract/direct-debit';
import { Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { DateField } from '../../../components/date-field';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { ApiError, errorText } from '../../../lib/api-client';
import { todayInVienna } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useMandateActions, useMandateSuggestion } from '../api/direct-debit';

type Values = {
  reference: string;
  signed_on: string | null;
  debtor_name: string;
  debtor_iban: string;
  debtor_bic: string;
  scheme: 'CORE' | 'B2B';
};

/** "Mandat erfassen": the signed form's data; the reference is proposed (K0042-1). */
export function MandateDialog({
  opened,
  onClose,
  customerId,
  customerName,
}: {
  opened: boolean;
  onClose: () => void;
  customerId: number;
  customerName: string;
}) {
  const phone = usePhone();
  const { create } = useMandateActions(customerId);
  const suggestion = useMandateSuggestion(customerId, opened);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      reference: '',
      signed_on: todayInVienna(),
      debtor_name: customerName,
      debtor_iban: '',
      debtor_bic: '',
      scheme: 'CORE',
    },
    validate: schemaResolver(zMandateInput, { sync: true }),
  });
  const proposed = suggestion.data?.reference;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the proposal once it arrives
  useEffect(() => {
    if (opened && proposed && form.getValues().reference === '') form.setFieldValue('reference', proposed);
  }, [opened, proposed]);

  const close = () => {
    create.reset();
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    create.mutate(values as MandateInput, {
      onSuccess: (mandate) => {
        notifySuccess(`Mandat ${mandate.reference} erfasst`);
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.details) form.setErrors(error.details);
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="SEPA-Mandat erfassen" fullScreen={phone} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Erfassen Sie das vom Kontoinhaber unterschriebene Mandat. Ab dann werden ButlerPaket-Rechnungen dieses
            Kunden per Lastschrift eingezogen.
          </Text>
          <FormError message={create.error ? errorText(create.error, 'Fehler beim Speichern') : null} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Mandatsreferenz"
              withAsterisk
              description="Höchstens 35 Zeichen, keine Umlaute"
              {...form.getInputProps('reference')}
            />
            <DateField
              label="Unterschrieben am"
              withAsterisk
              {...form.getInputProps('signed_on')}
              value={form.getValues().signed_on}
              onChange={(value) => form.setFieldValue('signed_on', value)}
            />
            <TextInput label="Kontoinhaber" withAsterisk {...form.getInputProps('debtor_name')} />
            <Select
              label="Lastschriftart"
              data={Object.entries(SCHEME_LABELS).map(([value, label]) => ({ value, label }))}
              allowDeselect={false}
              {...form.getInputProps('scheme')}
            />
            <TextInput label="IBAN" withAsterisk placeholder="AT.." {...form.getInputProps('debtor_iban')} />
            <TextInput label="BIC (optional)" {...form.getInputProps('debtor_bic')} />
          </SimpleGrid>
          <DialogButtons busy={create.isPending} onCancel={close} label="Mandat erfassen" busyLabel="Speichern..." />
        </Stack>
      </form>
    </Modal>
  );
}
