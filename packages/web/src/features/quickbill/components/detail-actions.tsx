import type { InvoiceDetail } from '@butler/contract/quickbill';
import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBan,
  IconBell,
  IconCode,
  IconCopy,
  IconDownload,
  IconFileCode,
  IconPencil,
  IconSend,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { downloadInvoiceEbInterface, downloadInvoicePdf, downloadInvoiceXml } from '../api/download';
import { useInvoiceActions } from '../api/invoices';
import { useNextReminder } from '../api/reminders';
import { invoiceLabel } from './invoice-number';
import { cancelMessage, nextReminder, reportFailure } from './invoice-row-menu';
import { ReminderConfirmDialog } from './reminder-confirm-dialog';

/** The actions of the detail page; what each offers depends on the status (SPEC §4). */
export function DetailActions({ invoice }: { invoice: InvoiceDetail }) {
  const navigate = useNavigate();
  const actions = useInvoiceActions();
  const [cancelOpen, cancel] = useDisclosure(false);
  const [remindOpen, remind] = useDisclosure(false);
  const base = `/admin/quickbill/invoices/${invoice.id}`;
  const isInvoice = invoice.kind === 'invoice';
  const reminder = nextReminder(invoice);
  const next = useNextReminder(invoice.id, reminder !== null);
  const label = invoiceLabel(invoice);

  return (
    <>
      <Group gap="xs">
        {invoice.status === 'draft' && (
          <Button component={Link} to={`${base}/edit`} variant="default" leftSection={<IconPencil size={16} />}>
            Bearbeiten
          </Button>
        )}
        {(invoice.status === 'draft' || invoice.status === 'sent') && (
          <Button component={Link} to={`${base}/send`} leftSection={<IconSend size={16} />}>
            {invoice.status === 'draft' ? 'Senden' : 'Erneut senden'}
          </Button>
        )}
        {reminder && (
          // Each level is offered when its configured days have passed; earlier it is a quiet
          // "vorzeitig" with the warning in its confirmation (decision 0770).
          <Button
            color="orange"
            variant={next.data && !next.data.is_due ? 'subtle' : 'light'}
            leftSection={<IconBell size={16} />}
            onClick={remind.open}
          >
            {next.data && !next.data.is_due
              ? `${reminder} vorzeitig senden (fällig ab ${formatDate(next.data.due_on)})`
              : `${reminder} senden`}
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => downloadInvoicePdf(invoice).catch((e) => reportFailure('PDF konnte nicht geladen werden', e))}
        >
          PDF
        </Button>
        {invoice.invoice_number && (
          <Button
            variant="default"
            leftSection={<IconCode size={16} />}
            onClick={() =>
              downloadInvoiceXml(invoice).catch((e) => reportFailure('E-Rechnung konnte nicht geladen werden', e))
            }
          >
            E-Rechnung (XML)
          </Button>
        )}
        {invoice.invoice_number && (
          <Button
            variant="default"
            leftSection={<IconFileCode size={16} />}
            onClick={() =>
              downloadInvoiceEbInterface(invoice).catch((e) =>
                reportFailure('ebInterface-Rechnung konnte nicht geladen werden', e),
              )
            }
          >
            ebInterface (XML)
          </Button>
        )}
        {isInvoice && (
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            disabled={actions.duplicate.isPending}
            onClick={() =>
              actions.duplicate.mutate(invoice.id, {
                onSuccess: (copy) => {
                  notifySuccess(`Kopie als Entwurf #${copy.id} erstellt`);
                  navigate(`/admin/quickbill/invoices/${copy.id}/edit`);
                },
                onError: (e) => reportFailure('Duplizieren fehlgeschlagen', e),
              })
            }
          >
            Duplizieren
          </Button>
        )}
        {isInvoice && invoice.status !== 'cancelled' && (
          <Button color="red" variant="light" leftSection={<IconBan size={16} />} onClick={cancel.open}>
            {invoice.status === 'draft' ? 'Entwurf löschen' : 'Stornieren'}
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={cancelOpen}
        title={invoice.status === 'draft' ? 'Entwurf löschen?' : 'Rechnung stornieren?'}
        message={cancelMessage(invoice)}
        confirmLabel={invoice.status === 'draft' ? 'Löschen' : 'Stornieren'}
        errorFallback="Stornieren fehlgeschlagen"
        onConfirm={async () => {
          const result = await actions.cancel.mutateAsync(invoice.id);
          if (result.deleted) {
            notifySuccess('Entwurf gelöscht');
            navigate('/admin/quickbill/invoices');
          } else notifySuccess(`Rechnung ${label} storniert, Stornorechnung erstellt`);
        }}
        onClose={cancel.close}
      />
      {reminder && <ReminderConfirmDialog invoice={invoice} opened={remindOpen} onClose={remind.close} />}
    </>
  );
}
