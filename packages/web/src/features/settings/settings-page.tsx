import { Button, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { OutboxCard } from '../mail/outbox-card';
import { StaffCard } from '../staff/staff-card';
import { BalanceAlertSettingsCard } from './balance-alert-settings-card';
import { TemplatesCard } from './components/templates-card';
import { DashboardSettingsCard } from './dashboard-settings-card';
import { ReferralSettingsCard } from './referral-settings-card';

/** Einstellungen (SPEC §2): templates, dashboard settings, referral programme. */
export function SettingsPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Einstellungen"
        subtitle="ButlerPaket-Vorlagen, Dashboard, Empfehlungsprogramm, Guthaben-Hinweise, Postausgang und Mitarbeiter"
        actions={
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navigate('/admin/dashboard')}
          >
            Zurück zum Dashboard
          </Button>
        }
      />
      <Stack gap="lg">
        {/* 1. Subscription templates (issue 3) */}
        <TemplatesCard />
        {/* 2. Dashboard settings (admin-dashboard helper's card) */}
        <DashboardSettingsCard />
        {/* 3. Referral programme (referral issue extends this card) */}
        <ReferralSettingsCard />
        {/* 4. Low-balance alerts and mail log (issue 11) */}
        <BalanceAlertSettingsCard />
        <OutboxCard />
        {/* 5. Staff accounts, sign-in rules, links to Protokoll and own account (issue 10) */}
        <StaffCard />
      </Stack>
    </>
  );
}
