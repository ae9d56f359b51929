import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { DetailField } from '../../shared/config-types';
import { FieldValue } from '../widgets/FieldValue';

/** Label/value pairs of a record as a description list. */
export function DetailFieldList({ record, fields }: { record: unknown; fields: DetailField[] }) {
  const translate = useTranslate();
  if (fields.length === 0) return null;
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 3,
        rowGap: 1.5,
        my: 1,
      }}
    >
      {fields.map((field) => (
        <Box key={field.value}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(field.label)}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            <FieldValue
              record={record}
              source={field.value}
              type={field.type}
              enumName={field.enum}
              widget={field.widget}
              readingWhen={field.readingWhen}
            />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
