import { ComingSoon } from '../../components/coming-soon';

export function WikiCategoriesPage() {
  return <ComingSoon title="Kategorien" issue={6} />;
}
