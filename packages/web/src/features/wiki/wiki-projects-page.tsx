import { ComingSoon } from '../../components/coming-soon';

export function WikiProjectsPage() {
  return <ComingSoon title="Projekte" issue={6} />;
}
