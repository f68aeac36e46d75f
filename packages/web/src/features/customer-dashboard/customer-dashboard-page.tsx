import { ComingSoon } from '../../components/coming-soon';

/** The lounge; `adminView` when an admin opens a customer's dashboard (route param id). */
export function CustomerDashboardPage({ adminView = false }: { adminView?: boolean }) {
  return <ComingSoon title={adminView ? 'Kundenansicht' : 'Dashboard'} issue={4} />;
}
