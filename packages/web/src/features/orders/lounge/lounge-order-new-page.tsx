import { ORDER_LIMITS } from '@butler/contract/orders';
import { Anchor, Button, Card, Container, Flex, Loader, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLoungeTexts } from '../../../app/lounge-voice';
import { useSession } from '../../../app/session-context';
import { FormError } from '../../../components/dialog-parts';
import { errorText } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { newRequestKey } from '../../../lib/request-key';
import { usePhone } from '../../../lib/use-phone';
import { uploadOrderAttachment, useCreateOrder } from '../api/orders';
import { AttachmentPicker } from '../components/order-attachments';
import { OrderFields } from '../components/order-fields';
import { emptyOrderForm, type OrderFormValues, orderCreateBody, orderFormErrors } from '../components/order-form-rules';

/** /customer/auftraege/neu: the customer files an Auftrag from the phone (decision 0810). */
export function LoungeOrderNewPage() {
  const { user } = useSession();
  const t = useLoungeTexts();
  const phone = usePhone();
  const navigate = useNavigate();
  const create = useCreateOrder();
  // One key per opened form: a double tap or a retry after a lost answer files one Auftrag.
  const [key] = useState(newRequestKey);
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<OrderFormValues>({
    mode: 'controlled',
    initialValues: emptyOrderForm(),
    validate: (v) => {
      const errors = orderFormErrors(v);
      if (errors.title === 'Bitte geben Sie an, worum es geht') errors.title = t.orderTitleMissing;
      if (errors.location === 'Bitte geben Sie die Adresse an') errors.location = t.orderLocationMissing;
      return errors;
    },
  });
  const busy = create.isPending || uploading;
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const order = await create.mutateAsync({ customerId: user?.id ?? 0, body: orderCreateBody(values, key, false) });
      // The Auftrag is filed either way; a file the server refuses is named in the one message.
      const refused: string[] = [];
      if (files.length > 0) {
        setUploading(true);
        for (const file of files) {
          await uploadOrderAttachment(order.id, file).catch(() => refused.push(file.name));
        }
        setUploading(false);
      }
      if (refused.length === 0) notifySuccess(t.orderFiled);
      else
        notifyError(
          `${t.orderFiled} Nicht angehängt: ${refused.join(', ')} – nur Fotos (JPEG, PNG) und PDFs bis 10 MB.`,
        );
      navigate(`/customer/auftraege/${order.id}`, { replace: true });
    } catch (cause) {
      setError(errorText(cause, 'Der Auftrag konnte nicht gesendet werden.'));
    }
  }, focusFirstInvalid);
  const size = phone ? 'md' : 'sm';
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <Anchor component={Link} to="/customer/auftraege" size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> Zurück zu meinen Aufträgen
        </Anchor>
        <div>
          <Title order={1} size="h2">
            Neuer Auftrag
          </Title>
          <Text c="dimmed">{t.orderTitleHint}</Text>
        </div>
        <Card component="form" noValidate onSubmit={submit} data-testid="order-form">
          <Stack gap="md">
            <OrderFields
              form={form}
              size={size}
              hints={{
                details: t.orderDetailsHint,
                due: t.orderDueHint,
                urgent: 'Wir sehen es uns so bald wie möglich an.',
              }}
            />
            <AttachmentPicker files={files} onChange={setFiles} />
            {/* A field's own message stands under it; this line is for what the server answered. */}
            <FormError message={error} />
            <Text size="xs" c="dimmed">
              {t.orderPerDay(ORDER_LIMITS.perCustomerPerDay)}
            </Text>
            {/* On a phone the two buttons share no row: "Auftrag senden" under the thumb, full width. */}
            <Flex direction={phone ? 'column-reverse' : 'row'} justify="flex-end" gap="sm">
              <Button
                variant="default"
                component={Link}
                to="/customer/auftraege"
                disabled={busy}
                size={size}
                fullWidth={phone}
              >
                Abbrechen
              </Button>
              <Button
                type="submit"
                size={size}
                fullWidth={phone}
                disabled={busy}
                leftSection={busy ? <Loader size={14} color="gray" /> : undefined}
              >
                {uploading ? 'Dateien werden hochgeladen...' : busy ? 'Wird gesendet...' : 'Auftrag senden'}
              </Button>
            </Flex>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}

/** After a refused submit, the first marked field takes the focus (on a phone: scrolled to it). */
function focusFirstInvalid() {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('[data-testid="order-form"] [aria-invalid="true"]')?.focus(),
  );
}
