import { Button, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCan, useHome } from '../../app/permissions';
import { PageHeader } from '../../components/page-header';
import { HourShopSettingsCard } from '../hour-shop';
import { OutboxCard } from '../mail';
import { MonthSettingsCard } from '../month-confirmations';
import { StaffCard } from '../staff';
import { BalanceAlertSettingsCard } from './balance-alert-settings-card';
import { BillingLinkCard } from './billing-link-card';
import { TemplatesCard } from './components/templates-card';
import { CustomerVoiceCard } from './customer-voice-card';
import { DashboardSettingsCard } from './dashboard-settings-card';
import { ReferralSettingsCard } from './referral-settings-card';
import { VisitSettingsCard } from './visit-settings-card';

/** Einstellungen (SPEC §2): templates, dashboard settings, referral programme, alerts, Termine. */
export function SettingsPage() {
  const navigate = useNavigate();
  const can = useCan();
  const home = useHome();
  return (
    <>
      <PageHeader
        title="Einstellungen"
        subtitle="ButlerPaket-Vorlagen, Dashboard, Empfehlungsprogramm, Guthaben-Hinweise, Termine, Rechnungen, Postausgang und Mitarbeiter"
        actions={
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(home)}>
            Zurück zum Dashboard
          </Button>
        }
      />
      {/* Each card for the roles that may change it (decision 0540). */}
      <Stack gap="lg">
        {/* 1. Subscription templates */}
        {can('subscription_templates.write') && <TemplatesCard />}
        {/* 2. Dashboard settings (admin-dashboard helper's card) */}
        {can('settings.write') && <DashboardSettingsCard />}
        {/* 3. Referral programme (referral issue extends this card) */}
        {can('settings.write') && <ReferralSettingsCard />}
        {/* 4. Low-balance alerts and mail log (decision 0324) */}
        {can('settings.write') && <BalanceAlertSettingsCard />}
        {/* Termine: changes in the lounge, Fahrten beyond the ButlerPaket (decision 0840) */}
        {can('settings.write') && <VisitSettingsCard />}
        {can('settings.write') && <MonthSettingsCard />}
        {/* Stunden nachkaufen: the lounge's catalogue and its rules (decision 0850) */}
        {can('settings.write') && <HourShopSettingsCard />}
        {/* Invoices, ButlerPaket billing and reminders live in Quickbill's settings (decision 0632) */}
        {can('billing.settings.write') && <BillingLinkCard />}
        {/* "Anrede der Kunden" (decision 0620): stored with the provider settings, the Inhaber's */}
        {can('quickbill.settings.write') && <CustomerVoiceCard />}
        {can('mail.read') && <OutboxCard />}
        {/* 5. Staff accounts and roles, sign-in rules, links to Protokoll and own account (decisions 0301 and 0540) */}
        {can('staff.manage') && <StaffCard />}
      </Stack>
    </>
  );
}
