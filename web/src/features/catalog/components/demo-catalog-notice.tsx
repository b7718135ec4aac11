import { demoCatalogLoadingText } from '@proper-parts/domain/demo-catalog-progress';
import { useDemoProgress } from '../api/get-demo-progress';

/** The catalog page's plain word that a new shop's demo parts are still coming in. */
export function DemoCatalogNotice() {
  const progress = useDemoProgress();
  if (!progress) return null;
  return (
    <p role="status" data-testid="demo-catalog-notice" className="alert alert-info mb-6 text-sm">
      {demoCatalogLoadingText(progress)}
    </p>
  );
}
