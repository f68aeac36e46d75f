import { MIN_SEARCH_LENGTH } from '@butler/contract/list-query';
import { MAIL_TEMPLATE_LABELS, type MailListItem, type MailStatus } from '@butler/contract/mail';
import { Button, Card, CloseButton, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconEye, IconMailForward, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NoMailServerAlert } from '../../components/no-mail-server-alert';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { type Column, ResponsiveList } from '../../components/responsive-list';
import { EmptyState, ErrorState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { mailStaysHere, useMailSetup } from '../../lib/mail-setup';
import { notifyError, notifySuccess } from '../../lib/notify';
import { urlParam } from '../../lib/url-filters';
import { usePageInRange, useUrlFilters } from '../../lib/use-url-filters';
import { useOutbox, useOutboxSummary, useResendMail } from './api/outbox';
import { MailDetailDialog } from './components/mail-detail-dialog';
import { MailStatusCell } from './components/mail-status';

const PAGE_SIZE = 25;
type Filter = 'all' | MailStatus;
/** In the address (decision 0660): `?status=...&suche=...&seite=...`. */
const FILTERS = {
  status: urlParam.choice<Filter>(['all', 'queued', 'sent', 'failed'], 'all'),
  suche: urlParam.text(),
  seite: urlParam.page(),
};

/** Postausgang (decision 0323): every mail the portal sent or is sending, with "erneut senden". */
export function OutboxPage() {
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)');
  const { values, set, replace, search } = useUrlFilters(FILTERS);
  const { status: filter, suche: debounced, seite: page } = values;
  const setPage = (seite: number) => set({ seite });
  const term = debounced.length >= MIN_SEARCH_LENGTH ? debounced : undefined;
  const [openId, setOpenId] = useState<number | null>(null);
  const summary = useOutboxSummary();
  const list = useOutbox({ page, pageSize: PAGE_SIZE, status: filter === 'all' ? undefined : filter, search: term });
  const resend = useResendMail();
  const filedOnly = mailStaysHere(useMailSetup().data);
  usePageInRange(page, list.data?.total, PAGE_SIZE, (seite) => replace({ seite }));

  const onResend = (mail: MailListItem) =>
    resend.mutate(mail.id, {
      onSuccess: (r) =>
        notifySuccess(
          `${filedOnly ? 'Die E-Mail wird erneut im Ausgangsordner abgelegt' : 'Die E-Mail wird erneut gesendet'}${r.copied ? ' (als Kopie)' : ''}`,
        ),
      onError: (e) => notifyError(e.message || 'Fehler beim erneuten Senden'),
    });

  const s = summary.data;
  const columns: Column<MailListItem>[] = [
    { key: 'created', label: 'Erstellt', render: (m) => formatDateTime(m.created_at) },
    {
      key: 'to',
      label: 'Empfänger',
      render: (m) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {m.to}
        </Text>
      ),
    },
    {
      key: 'subject',
      label: 'Betreff',
      render: (m) => (
        <>
          <Text size="sm">{m.subject}</Text>
          <Text size="xs" c="dimmed">
            {MAIL_TEMPLATE_LABELS[m.template] ?? m.template}
          </Text>
        </>
      ),
    },
    { key: 'status', label: 'Status', render: (m) => <MailStatusCell mail={m} /> },
    {
      key: 'actions',
      label: 'Aktionen',
      hideOnCard: true,
      render: (m) => <Actions mail={m} onOpen={setOpenId} onResend={onResend} busy={resend.isPending} />,
    },
  ];

  return (
    <>
      <PageHeader
        title="Postausgang"
        subtitle={
          filedOnly
            ? 'Alle E-Mails des Portals: abgelegt, wartend und fehlgeschlagen'
            : 'Alle E-Mails des Portals: gesendet, wartend und fehlgeschlagen'
        }
        actions={
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navigate('/admin/settings')}
          >
            Zurück zu den Einstellungen
          </Button>
        }
      />
      <Stack gap="md">
        <NoMailServerAlert />
        <Card p={{ base: 'sm', sm: 'lg' }}>
          <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
            <SegmentedControl
              value={filter}
              onChange={(v) => set({ status: v as Filter })}
              aria-label="Nach Status filtern"
              data={[
                { value: 'all', label: 'Alle' },
                { value: 'queued', label: `Wartend${s ? ` (${s.queued + s.retrying})` : ''}` },
                { value: 'sent', label: `${filedOnly ? 'Abgelegt' : 'Gesendet'}${s ? ` (${s.sent})` : ''}` },
                { value: 'failed', label: `Fehlgeschlagen${s ? ` (${s.failed})` : ''}` },
              ]}
              orientation={phone ? 'vertical' : 'horizontal'}
              fullWidth={phone}
              w={phone ? '100%' : undefined}
            />
            <TextInput
              aria-label="E-Mails suchen"
              placeholder="Empfänger oder Betreff..."
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={
                search.text ? <CloseButton aria-label="Suche löschen" onClick={() => search.setText('')} /> : null
              }
              value={search.text}
              onChange={(e) => search.setText(e.currentTarget.value)}
              w={{ base: '100%', sm: 280 }}
            />
          </Group>
          {list.isError && <ErrorState text="Fehler beim Laden der E-Mails" onRetry={() => list.refetch()} />}
          {list.data && list.data.items.length === 0 && <EmptyState text="Keine E-Mails gefunden." />}
          {list.data && list.data.items.length > 0 && (
            <ResponsiveList
              rows={list.data.items}
              columns={columns}
              rowKey={(m) => m.id}
              caption="Postausgang"
              cardTitle={(m) => m.subject}
              cardActions={(m) => <Actions mail={m} onOpen={setOpenId} onResend={onResend} busy={resend.isPending} />}
            />
          )}
          {list.data && <Pager page={page} total={list.data.total} pageSize={PAGE_SIZE} onChange={setPage} />}
        </Card>
      </Stack>
      <MailDetailDialog id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

function Actions({
  mail,
  onOpen,
  onResend,
  busy,
}: {
  mail: MailListItem;
  onOpen: (id: number) => void;
  onResend: (mail: MailListItem) => void;
  busy: boolean;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="default" leftSection={<IconEye size={14} />} onClick={() => onOpen(mail.id)}>
        Ansehen
      </Button>
      <Button
        size="xs"
        variant={mail.status === 'failed' ? 'filled' : 'light'}
        leftSection={<IconMailForward size={14} />}
        onClick={() => onResend(mail)}
        disabled={busy}
        aria-label={`Erneut senden: ${mail.subject}`}
      >
        Erneut senden
      </Button>
    </Group>
  );
}
