import { ROLE_LABELS } from '@butler/contract/permissions';
import type { StaffMember } from '@butler/contract/staff';
import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Switch, Text, Title } from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleMinus,
  IconDots,
  IconListDetails,
  IconMailForward,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, ResponsiveList } from '../../components/responsive-list';
import { StaffEmailDialog } from '../../components/staff-email-dialog';
import { ErrorState } from '../../components/states';
import { errorText } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { mailToast, useMailSetup } from '../../lib/mail-setup';
import { notifyError, notifySuccess } from '../../lib/notify';
import {
  useEndStaffSessions,
  useResetStaffTotp,
  useSaveSecuritySettings,
  useSecuritySettings,
  useSendStaffLink,
  useSetStaffActive,
  useStaff,
} from './api';
import { InviteStaffDialog } from './invite-staff-dialog';
import { RoleDialog } from './role-dialog';
import { StaffRules } from './staff-rules';

type Pending = { kind: 'deactivate' | 'sessions' | 'totp'; member: StaffMember } | null;

/** Status with an icon, not colour alone; light badges keep the text contrast (axe). */
function StatusBadge({ member }: { member: StaffMember }) {
  if (!member.is_active) {
    return (
      <Badge color="gray" variant="light" leftSection={<IconCircleMinus size={12} aria-hidden />}>
        Deaktiviert
      </Badge>
    );
  }
  if (member.invitation_pending) {
    return (
      <Badge color="orange" variant="light" leftSection={<IconMailForward size={12} aria-hidden />}>
        Eingeladen
      </Badge>
    );
  }
  return (
    <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
      Aktiv
    </Badge>
  );
}

/** The role, and for a Butler how many customers they look after (they see only those). */
function RoleBadge({ member }: { member: StaffMember }) {
  const extra =
    member.role === 'butler'
      ? ` · ${member.customer_count} ${member.customer_count === 1 ? 'Kunde' : 'Kunden'}`
      : member.grants.length
        ? ' · Passwörter'
        : '';
  return (
    <Badge color={member.role === 'owner' ? 'navy' : 'gray'} variant="light" tt="none">
      {ROLE_LABELS[member.role]}
      {extra}
    </Badge>
  );
}

/** Einstellungen → Mitarbeiter: list with roles, invite, change role, deactivate/reactivate, end sessions, reset 2FA, rules. */
export function StaffCard() {
  const staff = useStaff();
  const security = useSecuritySettings();
  const saveSecurity = useSaveSecuritySettings();
  const setActive = useSetStaffActive();
  const endSessions = useEndStaffSessions();
  const resetTotp = useResetStaffTotp();
  const sendLink = useSendStaffLink();
  const mailSetup = useMailSetup().data;
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [changingRole, setChangingRole] = useState<StaffMember | null>(null);
  const [emailFor, setEmailFor] = useState<StaffMember | null>(null);

  const run = (promise: Promise<unknown>, success: string) =>
    promise.then(() => notifySuccess(success)).catch((cause) => notifyError(errorText(cause, 'Aktion fehlgeschlagen')));

  const actions = (m: StaffMember) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Aktionen für ${m.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => setChangingRole(m)}>Rolle ändern</Menu.Item>
        <Menu.Item onClick={() => setEmailFor(m)}>E-Mail-Adresse ändern</Menu.Item>
        {m.is_active && !m.is_self && (
          <Menu.Item color="red" onClick={() => setPending({ kind: 'deactivate', member: m })}>
            Deaktivieren
          </Menu.Item>
        )}
        {!m.is_active && (
          <Menu.Item
            onClick={() => run(setActive.mutateAsync({ id: m.id, active: true }), `${m.name} ist wieder aktiv`)}
          >
            Reaktivieren
          </Menu.Item>
        )}
        <Menu.Item disabled={m.active_sessions === 0} onClick={() => setPending({ kind: 'sessions', member: m })}>
          Anmeldungen beenden
        </Menu.Item>
        {m.totp_enabled && !m.is_self && (
          <Menu.Item onClick={() => setPending({ kind: 'totp', member: m })}>Zwei-Faktor zurücksetzen</Menu.Item>
        )}
        {m.email && m.is_active && (
          <Menu.Item
            onClick={() =>
              run(
                sendLink.mutateAsync(m.id),
                mailToast(mailSetup, `E-Mail an ${m.email} gesendet`, `Link für ${m.name}`),
              )
            }
          >
            {m.invitation_pending ? 'Einladung erneut senden' : 'Link zum Passwort-Setzen senden'}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );

  const columns: Column<StaffMember>[] = [
    {
      key: 'name',
      label: 'Name',
      hideOnCard: true,
      render: (m) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {m.name}{' '}
            {m.is_self && (
              <Text span c="dimmed" size="xs">
                (Sie)
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {m.username}
          </Text>
        </Stack>
      ),
    },
    { key: 'role', label: 'Rolle', render: (m) => <RoleBadge member={m} /> },
    {
      key: 'email',
      label: 'E-Mail',
      render: (m) =>
        m.email ??
        (m.is_self ? (
          <Button size="compact-xs" variant="light" onClick={() => setEmailFor(m)}>
            E-Mail hinterlegen
          </Button>
        ) : (
          '–'
        )),
    },
    { key: 'status', label: 'Status', render: (m) => <StatusBadge member={m} /> },
    { key: 'totp', label: 'Zwei-Faktor', render: (m) => (m.totp_enabled ? 'Ein' : 'Aus') },
    { key: 'sessions', label: 'Anmeldungen', render: (m) => String(m.active_sessions) },
    { key: 'last', label: 'Zuletzt angemeldet', render: (m) => formatDateTime(m.last_login_at) },
    { key: 'actions', label: 'Aktionen', hideOnCard: true, align: 'right', render: actions },
  ];

  const member = pending?.member;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="staff-card">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs">
            <IconUsers size={20} aria-hidden />
            <Title order={2} size="h4">
              Mitarbeiter
            </Title>
          </Group>
          <Group gap="xs">
            <Button component={Link} to="/admin/audit" variant="default" leftSection={<IconListDetails size={16} />}>
              Protokoll
            </Button>
            <Button component={Link} to="/admin/account" variant="default">
              Konto & Sicherheit
            </Button>
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
              Mitarbeiter einladen
            </Button>
          </Group>
        </Group>
        <Switch
          label="Zwei-Faktor-Anmeldung für alle Mitarbeiter verpflichtend"
          description="Wer sie noch nicht eingerichtet hat, richtet sie bei der nächsten Anmeldung ein."
          checked={security.data?.require_staff_totp ?? false}
          disabled={!security.data || saveSecurity.isPending}
          onChange={(e) =>
            run(saveSecurity.mutateAsync({ require_staff_totp: e.currentTarget.checked }), 'Einstellung gespeichert')
          }
        />
        <StaffRules />
        {staff.isError && (
          <ErrorState text="Mitarbeiter konnten nicht geladen werden" onRetry={() => void staff.refetch()} />
        )}
        {staff.data && (
          <ResponsiveList
            rows={staff.data}
            columns={columns}
            rowKey={(m) => m.id}
            cardTitle={(m) => (
              <Group justify="space-between" wrap="nowrap">
                <span>
                  {m.name}{' '}
                  <Text span c="dimmed" size="xs">
                    {m.username}
                    {m.is_self ? ' · Sie' : ''}
                  </Text>
                </span>
                {actions(m)}
              </Group>
            )}
            caption="Mitarbeiter"
          />
        )}
      </Stack>
      <InviteStaffDialog opened={inviting} onClose={() => setInviting(false)} />
      <RoleDialog member={changingRole} onClose={() => setChangingRole(null)} />
      <StaffEmailDialog
        opened={emailFor !== null}
        onClose={() => setEmailFor(null)}
        url={`/api/staff/${emailFor?.id}/email`}
        who={emailFor?.is_self ? `${emailFor.name} (Sie)` : (emailFor?.name ?? null)}
        current={emailFor?.email ?? null}
        onSaved={() => staff.refetch()}
      />
      <ConfirmDialog
        opened={pending !== null}
        title={
          pending?.kind === 'deactivate'
            ? `${member?.name} deaktivieren?`
            : pending?.kind === 'sessions'
              ? `Anmeldungen von ${member?.name} beenden?`
              : `Zwei-Faktor-Anmeldung von ${member?.name} zurücksetzen?`
        }
        message={
          pending?.kind === 'deactivate'
            ? 'Die Person wird sofort abgemeldet und kann sich nicht mehr anmelden, bis sie reaktiviert wird.'
            : pending?.kind === 'sessions'
              ? `${member?.active_sessions} ${member?.active_sessions === 1 ? 'Anmeldung wird' : 'Anmeldungen werden'} beendet${member?.is_self ? ' (außer dieser)' : ''}.`
              : 'Die Authenticator-App und die Wiederherstellungscodes gelten nicht mehr. Die Person meldet sich nur mit dem Passwort an und richtet die Zwei-Faktor-Anmeldung neu ein.'
        }
        confirmLabel={
          pending?.kind === 'deactivate' ? 'Deaktivieren' : pending?.kind === 'sessions' ? 'Beenden' : 'Zurücksetzen'
        }
        errorFallback="Aktion fehlgeschlagen"
        onConfirm={async () => {
          if (!pending) return;
          const id = pending.member.id;
          if (pending.kind === 'deactivate') await setActive.mutateAsync({ id, active: false });
          if (pending.kind === 'sessions') await endSessions.mutateAsync(id);
          if (pending.kind === 'totp') await resetTotp.mutateAsync(id);
          notifySuccess('Erledigt');
        }}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}
