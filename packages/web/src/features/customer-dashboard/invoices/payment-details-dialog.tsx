import type { CustomerInvoice, InvoicePaymentDetails } from '@butler/contract/customer-invoices';
import { PAYMENT_TEXTS, paymentDataText } from '@butler/contract/payment-texts';
import { ActionIcon, Button, Center, Collapse, Group, Image, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCopy, IconQrcode } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../app/session-context';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/states';
import { apiRequest, errorText } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { copyToClipboard } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';

function Line({ label, value, copy }: { label: string; value: string; copy?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      </Stack>
      {copy && (
        <Tooltip label="Kopieren" withArrow>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={`${label} kopieren`}
            onClick={() => copyToClipboard(copy, `${label} kopiert`, `${label} konnte nicht kopiert werden`)}
          >
            <IconCopy size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

function Code({ d, hint }: { d: InvoicePaymentDetails; hint: string }) {
  return (
    <Stack gap="xs">
      <Center>
        <Image
          src={d.qr_code}
          alt={`QR-Code zum Bezahlen von ${formatEuro(d.amount)}`}
          w={200}
          h={200}
          data-testid="payment-qr"
        />
      </Center>
      <Text size="sm" c="dimmed" ta="center">
        {hint}
      </Text>
    </Stack>
  );
}

/**
 * How to pay an open invoice (decision 0772), in the customer's voice: on a phone the
 * details come first, with one "Alle Zahlungsdaten kopieren" and a copy button each, and the
 * QR code is for another device ("Auf einem anderen Gerät? Code scannen"); on a larger
 * screen the code for the phone's banking app comes first, with the same details below.
 */
export function PaymentDetailsDialog({
  customerId,
  invoice,
  onClose,
}: {
  customerId: number;
  invoice: Pick<CustomerInvoice, 'id' | 'invoice_number'>;
  onClose: () => void;
}) {
  const phone = usePhone();
  const t = PAYMENT_TEXTS[useSession().customerVoice];
  const [codeOpen, code] = useDisclosure(false);
  const query = useQuery({
    queryKey: ['customer-invoice-payment', customerId, invoice.id],
    queryFn: ({ signal }) =>
      apiRequest<InvoicePaymentDetails>(`/api/customers/${customerId}/invoices/${invoice.id}/payment`, { signal }),
  });
  const d = query.data;
  const amount = d ? d.amount.toFixed(2).replace('.', ',') : '';
  return (
    <Modal opened onClose={onClose} title={`Rechnung ${invoice.invoice_number} bezahlen`} fullScreen={phone}>
      {query.isPending ? (
        <PageLoader text="Lade Zahlungsdaten..." />
      ) : query.isError || !d ? (
        <ErrorState text={errorText(query.error, 'Fehler beim Laden der Daten')} onRetry={() => query.refetch()} />
      ) : (
        <Stack gap="sm">
          {d.qr_code && !phone && <Code d={d} hint={t.scanHint} />}
          <Text size="sm" c="dimmed">
            {!d.qr_code ? t.transferHint : phone ? t.sameDeviceIntro : t.otherwiseCopy}
          </Text>
          <Button
            leftSection={<IconCopy size={18} aria-hidden />}
            fullWidth={phone}
            onClick={() => copyToClipboard(paymentDataText({ ...d, amount }), t.copiedAll, t.copyAllFailed)}
          >
            {t.copyAll}
          </Button>
          <Line label="Betrag" value={formatEuro(d.amount)} copy={amount} />
          <Line label="Empfänger" value={d.recipient} copy={d.recipient} />
          {d.iban && <Line label="IBAN" value={d.iban} copy={d.iban.replace(/\s+/g, '')} />}
          {d.bic && <Line label="BIC" value={d.bic} copy={d.bic} />}
          {d.reference ? (
            <Line label="Zahlungsreferenz" value={d.reference} copy={d.reference.replace(/\s+/g, '')} />
          ) : (
            <Line label="Verwendungszweck" value={d.invoice_number} copy={d.invoice_number} />
          )}
          {d.qr_code && phone && (
            <>
              <Button
                variant="subtle"
                leftSection={<IconQrcode size={18} aria-hidden />}
                onClick={code.toggle}
                aria-expanded={codeOpen}
                h="auto"
                py={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              >
                {t.otherDevice}
              </Button>
              <Collapse expanded={codeOpen}>{codeOpen && <Code d={d} hint={t.scanHint} />}</Collapse>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Schließen
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
