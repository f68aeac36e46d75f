import { ComingSoon } from '../../components/coming-soon';

export function QuickbillSettingsPage() {
  return <ComingSoon title="Rechnungseinstellungen" issue={7} />;
}
