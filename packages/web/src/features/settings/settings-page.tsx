import { ComingSoon } from '../../components/coming-soon';

export function SettingsPage() {
  return <ComingSoon title="Einstellungen" issue={3} />;
}
