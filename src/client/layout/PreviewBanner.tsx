import { Alert, Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { endPreview, readPreviewProduct } from '../auth/product-preview';
import { useVariant } from '../variant/VariantContext';

/**
 * While a product owner previews a product (issue 16): says whose portal this is and that nothing
 * can be changed, with the way back to the comparison.
 */
export function PreviewBanner() {
  const translate = useTranslate();
  const variant = useVariant();
  if (!readPreviewProduct()) return null;
  return (
    <Alert
      severity="info"
      sx={{ mt: 1 }}
      action={
        <Button color="inherit" size="small" onClick={endPreview}>
          {translate('variantComparison.endPreview')}
        </Button>
      }
    >
      {translate('variantComparison.previewBanner', { product: variant.productName })}
    </Alert>
  );
}
