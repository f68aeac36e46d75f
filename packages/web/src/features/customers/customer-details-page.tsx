import { ComingSoon } from '../../components/coming-soon';

export function CustomerDetailsPage() {
  return <ComingSoon title="Kundendetails" issue={3} />;
}
