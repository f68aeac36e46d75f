import { ComingSoon } from '../../components/coming-soon';

export function WikiPage() {
  return <ComingSoon title="Wiki" issue={6} />;
}
