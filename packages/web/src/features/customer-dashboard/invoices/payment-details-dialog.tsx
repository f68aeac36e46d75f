import type { CustomerInvoice, InvoicePaymentDetails } from '@butler/contract/customer-invoices';
import { ActionIcon, Button, Center, Group, Image, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
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
            aria-label={`${label} kopieren`}
            onClick={() => copyToClipboard(copy, `${label} kopiert`, `${label} konnte nicht kopiert werden`)}
          >
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/**
 * How to pay an open invoice: the QR code for the banking app ("Zahlen mit Code", EPC) and
 * the same details to type or copy, with the Zahlungsreferenz that matches the payment.
 */
export function PaymentDetailsDialog({
  customerId,
  invoice,
  onClose,
}: {
  customerId: number;
  invoice: CustomerInvoice;
  onClose: () => void;
}) {
  const phone = usePhone();
  const query = useQuery({
    queryKey: ['customer-invoice-payment', customerId, invoice.id],
    queryFn: ({ signal }) =>
      apiRequest<InvoicePaymentDetails>(`/api/customers/${customerId}/invoices/${invoice.id}/payment`, { signal }),
  });
  const d = query.data;
  return (
    <Modal opened onClose={onClose} title={`Rechnung ${invoice.invoice_number} bezahlen`} fullScreen={phone}>
      {query.isPending ? (
        <PageLoader text="Lade Zahlungsdaten..." />
      ) : query.isError || !d ? (
        <ErrorState text={errorText(query.error, 'Fehler beim Laden der Daten')} onRetry={() => query.refetch()} />
      ) : (
        <Stack gap="sm">
          {d.qr_code ? (
            <>
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
                Scannen Sie den Code mit Ihrer Banking-App („Zahlen mit Code“): Betrag und Zahlungsreferenz sind schon
                ausgefüllt.
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Bitte überweisen Sie den Betrag mit diesen Angaben.
            </Text>
          )}
          <Line label="Betrag" value={formatEuro(d.amount)} copy={d.amount.toFixed(2).replace('.', ',')} />
          <Line label="Empfänger" value={d.recipient} />
          {d.iban && <Line label="IBAN" value={d.iban} copy={d.iban.replace(/\s+/g, '')} />}
          {d.bic && <Line label="BIC" value={d.bic} />}
          {d.reference ? (
            <Line label="Zahlungsreferenz" value={d.reference} copy={d.reference.replace(/\s+/g, '')} />
          ) : (
            <Line label="Verwendungszweck" value={d.invoice_number} copy={d.invoice_number} />
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
