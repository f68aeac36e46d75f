import { ComingSoon } from '../../components/coming-soon';

export function MonthlyDashboardPage() {
  return <ComingSoon title="Monate" issue={4} />;
}
