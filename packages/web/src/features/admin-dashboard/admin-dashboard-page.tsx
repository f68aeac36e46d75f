import { ComingSoon } from '../../components/coming-soon';

export function AdminDashboardPage() {
  return <ComingSoon title="Übersicht" issue={4} />;
}
