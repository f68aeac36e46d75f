import { Input, Modal, SegmentedControl, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CustomerPicker } from '../../../components/customer-picker';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { errorText } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { newRequestKey } from '../../../lib/request-key';
import { usePhone } from '../../../lib/use-phone';
import { uploadOrderAttachment, useCreateOrder } from '../api/orders';
import { AttachmentPicker } from '../components/order-attachments';
import { OrderFields } from '../components/order-fields';
import { emptyOrderForm, type OrderFormValues, orderCreateBody, orderFormErrors } from '../components/order-form-rules';

const CHANNELS = [
  { value: 'phone', label: 'Telefon' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'email', label: 'E-Mail' },
];

/** "Neuer Auftrag" for a customer who called, wrote on WhatsApp or mailed (decision 0810). */
export function StaffNewOrderDialog({
  opened,
  onClose,
  customerId: fixedCustomer,
}: {
  opened: boolean;
  onClose: () => void;
  customerId?: number;
}) {
  const phone = usePhone();
  const navigate = useNavigate();
  const create = useCreateOrder();
  const [customer, setCustomer] = useState<number | null>(fixedCustomer ?? null);
  const [customerLabel, setCustomerLabel] = useState<string | null>(null);
  const [key, setKey] = useState(newRequestKey);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<OrderFormValues>({
    mode: 'controlled',
    initialValues: emptyOrderForm('phone'),
    validate: orderFormErrors,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: afresh each time the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(emptyOrderForm('phone'));
    form.clearErrors();
    setCustomer(fixedCustomer ?? null);
    setFiles([]);
    setError(null);
    setKey(newRequestKey());
  }, [opened, fixedCustomer]);

  const submit = form.onSubmit(
    async (values) => {
      setError(null);
      if (!customer) {
        setError('Bitte wählen Sie einen Kunden');
        return;
      }
      try {
        const order = await create.mutateAsync({ customerId: customer, body: orderCreateBody(values, key, true) });
        try {
          for (const file of files) await uploadOrderAttachment(order.id, file);
        } catch (cause) {
          notifyError(errorText(cause, 'Eine Datei konnte nicht hochgeladen werden.'));
        }
        notifySuccess(`Auftrag ${order.number} angelegt`);
        onClose();
        navigate(`/admin/auftraege/${order.id}`);
      } catch (cause) {
        setError(errorText(cause, 'Der Auftrag konnte nicht angelegt werden.'));
      }
    },
    (errors) => setError((Object.values(errors)[0] as string) ?? null),
  );
  const size = phone ? 'md' : 'sm';
  return (
    <Modal opened={opened} onClose={onClose} title="Neuer Auftrag" fullScreen={phone} size="lg">
      <form noValidate onSubmit={submit} data-testid="staff-order-form">
        <Stack gap="md">
          {!fixedCustomer && (
            <CustomerPicker
              value={customer}
              initialLabel={customerLabel}
              size={size}
              onChange={(id, label) => {
                setCustomer(id);
                setCustomerLabel(label);
              }}
              error={error === 'Bitte wählen Sie einen Kunden'}
            />
          )}
          <Stack gap={4}>
            <Input.Label size={size} id="order-channel">
              Eingegangen per
            </Input.Label>
            <SegmentedControl
              aria-labelledby="order-channel"
              size={size}
              fullWidth
              data={CHANNELS}
              value={form.values.channel}
              onChange={(v) => form.setFieldValue('channel', v as OrderFormValues['channel'])}
            />
          </Stack>
          <OrderFields form={form} size={size} ownAddressLabel="An der Adresse des Kunden" />
          <AttachmentPicker files={files} onChange={setFiles} />
          <FormError message={error} />
          <DialogButtons
            busy={create.isPending}
            onCancel={onClose}
            size={size}
            label="Anlegen"
            busyLabel="Wird angelegt..."
          />
        </Stack>
      </form>
    </Modal>
  );
}
