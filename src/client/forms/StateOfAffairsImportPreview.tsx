import {
  Alert,
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import type { StateOfAffairsImportPreview as Preview } from '../../../generated/types';
import { downloadFile } from '../pages/common/download-file';
import { enumLabel, fieldLabel } from '../pages/common/labels';
import type { CompanionProps } from './EInvoicePreview';
import type { CheckResultProps } from './form-flows';

const EXAMPLE_PATH = '/state-of-affairs/import/example';

/**
 * Above the file field of the import dialog: what the CSV holds, and the current catalogue as a
 * downloadable example in exactly the import format (GET /state-of-affairs/import/example).
 */
export function StateOfAffairsImportHelp(_props: CompanionProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const download = async () => {
    try {
      await downloadFile(EXAMPLE_PATH, 'sachstaende-import.csv');
    } catch {
      notify('messages.serverError', { type: 'error' });
    }
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('ui.stateOfAffairsImport.help')}
      </Typography>
      <Button variant="outlined" size="small" onClick={download} data-testid="state-of-affairs-example">
        {translate('ui.stateOfAffairsImport.example')}
      </Button>
    </Box>
  );
}

/**
 * The preview of an import file (POST /state-of-affairs/import/preview): file errors, then every row
 * with its German errors; the import button stays off until the file has none.
 */
export function StateOfAffairsImportPreview({ result }: CheckResultProps) {
  const translate = useTranslate();
  const preview = result as Preview;
  const label = (field: string) => fieldLabel(translate, 'stateOfAffairsImportRow', field);
  // the file's accepted/rejected in German; a value the file got wrong stays as written (its error says why)
  const optionTypeLabel = (type: string | null | undefined) => {
    const known = type ? enumLabel(translate, 'stateOfAffairsOptionType', type.toLowerCase()) : '';
    return known === type?.toLowerCase() ? type : known;
  };
  const list = (key: string, codes: string[]) =>
    codes.length ? <li>{translate(`ui.stateOfAffairsImport.${key}`, { codes: codes.join(', ') })}</li> : null;
  return (
    <Box data-testid="state-of-affairs-preview">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('ui.stateOfAffairsImport.previewTitle')}
      </Typography>
      {preview.valid ? (
        <Alert severity="success" sx={{ mb: 1 }}>
          {translate('ui.stateOfAffairsImport.valid', { states: preview.states, options: preview.options })}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {list('newStates', preview.newStates)}
            {list('removedStates', preview.removedStates)}
            {list('keptStates', preview.keptStates)}
          </Box>
        </Alert>
      ) : (
        <Alert severity="error" sx={{ mb: 1 }} role="alert">
          {preview.fileErrors.length
            ? preview.fileErrors.join(' ')
            : translate('ui.stateOfAffairsImport.invalid', { count: preview.errorRows })}
        </Alert>
      )}
      {preview.rows.length ? (
        // a scrolling region is reached by keyboard too (tabIndex) and named for screen readers
        <TableContainer
          sx={{ maxHeight: 360 }}
          tabIndex={0}
          role="region"
          aria-label={translate('ui.stateOfAffairsImport.previewTitle')}
        >
          <Table size="small" stickyHeader aria-label={translate('ui.stateOfAffairsImport.previewTitle')}>
            <TableHead>
              <TableRow>
                {['line', 'code', 'optionType', 'optionCode', 'optionText', 'errors'].map((field) => (
                  <TableCell key={field}>{label(field)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.rows.map((row) => (
                <TableRow
                  key={row.line}
                  data-testid={`preview-row-${row.line}`}
                  selected={row.errors.length > 0}
                >
                  <TableCell>{row.line}</TableCell>
                  <TableCell>{row.code}</TableCell>
                  <TableCell>{optionTypeLabel(row.optionType)}</TableCell>
                  <TableCell>{row.optionCode}</TableCell>
                  <TableCell>{row.optionText}</TableCell>
                  <TableCell sx={{ color: row.errors.length ? 'error.main' : undefined }}>
                    {row.errors.length ? row.errors.join(' ') : translate('ui.stateOfAffairsImport.ok')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Box>
  );
}
