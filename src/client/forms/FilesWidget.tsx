import DeleteIcon from '@mui/icons-material/Delete';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Box,
  Button,
  FormLabel,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
} from '@mui/material';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useTranslate } from 'ra-core';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { widgetContext } from './form-context';
import { acceptAttribute, acceptFiles, describeDataUrl, fileFieldRules } from './upload-files';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * File picker with drag and drop for an array of data-URL files. Each file is checked for type,
 * size and emptiness, and the count against the maximum, before it is taken; a refused file is
 * not added and its reason shows at the field. Taken files are listed with name and size.
 */
export function FilesWidget(props: WidgetProps) {
  const {
    id,
    name,
    value,
    onChange,
    onBlur,
    label,
    hideLabel,
    disabled,
    readonly,
    registry,
    schema,
    rawErrors,
  } = props;
  const translate = useTranslate();
  const report = widgetContext(registry.formContext).setWidgetError;
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const files: string[] = Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  const rules = fileFieldRules(schema);
  const locked = disabled || readonly;

  useEffect(() => () => report(name, null), [name, report]);

  const take = async (picked: File[]) => {
    if (picked.length === 0) return;
    const { added, problem } = await acceptFiles(picked, files.length, rules);
    report(name, problem);
    const next = [...files, ...added];
    onChange(next.length ? next : undefined);
    // Choosing files is finishing with the field: its messages show now.
    onBlur(id, next);
  };
  const remove = (index: number) => {
    const next = files.filter((_, position) => position !== index);
    report(name, null);
    onChange(next.length ? next : undefined);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!locked) void take([...event.dataTransfer.files]);
  };
  const single = rules.maxCount === 1;

  return (
    <Box>
      {hideLabel ? null : (
        <FormLabel htmlFor={id} sx={{ display: 'block', mb: 1 }}>
          {label}
        </FormLabel>
      )}
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          border: '1px dashed',
          borderColor: rawErrors?.length ? 'error.main' : dragging ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 2,
          textAlign: 'center',
          bgcolor: dragging ? 'action.hover' : undefined,
        }}
      >
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={locked}
          onClick={() => input.current?.click()}
          aria-describedby={ariaDescribedByIds(id)}
          sx={{ textTransform: 'none' }}
        >
          {translate(single ? 'ra.input.file.upload_single' : 'ra.input.file.upload_several')}
        </Button>
        <input
          ref={input}
          id={id}
          name={name}
          type="file"
          multiple={!single}
          accept={acceptAttribute(rules)}
          tabIndex={-1}
          disabled={locked}
          style={visuallyHidden}
          onChange={(event) => {
            const picked = [...(event.target.files ?? [])];
            event.target.value = '';
            void take(picked);
          }}
        />
      </Box>
      {files.length ? (
        <List dense disablePadding>
          {files.map((file, index) => {
            const { name: fileName, size } = describeDataUrl(file);
            return (
              <ListItem
                // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be chosen twice
                key={index}
                disableGutters
                secondaryAction={
                  locked ? null : (
                    <IconButton
                      edge="end"
                      aria-label={`${translate('ra.action.remove')}: ${fileName}`}
                      onClick={() => remove(index)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  )
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <InsertDriveFileIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={fileName} secondary={size} data-testid="chosen-file" />
              </ListItem>
            );
          })}
        </List>
      ) : null}
    </Box>
  );
}
