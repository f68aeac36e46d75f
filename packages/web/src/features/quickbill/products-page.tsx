import { ComingSoon } from '../../components/coming-soon';

export function ProductsPage() {
  return <ComingSoon title="Produkte" issue={7} />;
}
