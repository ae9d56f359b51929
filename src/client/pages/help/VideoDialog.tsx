import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';
import { withoutParam } from '../../forms/query-params';
import { videoFromQuery } from './tutorial-choice';
import { useHelpCenter, useLocalized } from './use-help-center';

/**
 * The tutorial player, on every logged-in page: opened by `?showVideo` / `?tag` (document 1 §2)
 * with the video the product's help centre chooses; closing removes the flags.
 */
export function VideoDialog() {
  const translate = useTranslate();
  const localized = useLocalized();
  const location = useLocation();
  const navigate = useNavigate();
  const { data } = useHelpCenter();
  if (!data) return null;
  const video = videoFromQuery(data.videos, location.search, location.pathname);
  if (video === undefined) return null;
  const close = () =>
    navigate({
      pathname: location.pathname,
      search: withoutParam(withoutParam(location.search, 'showVideo'), 'tag'),
    });
  const title = video ? localized(video.title) : translate('selfservice.helpCenter.tutorials');
  return (
    <Dialog open onClose={close} aria-labelledby="video-dialog-title" slotProps={{ paper: { sx: { width: 720, maxWidth: '95vw' } } }}>
      <DialogTitle id="video-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {video ? (
          <video
            key={video.src}
            src={video.src}
            controls
            autoPlay
            muted
            aria-label={title}
            data-tag={video.tag}
            style={{ width: '100%', background: '#000' }}
          />
        ) : (
          <Typography>{translate('selfservice.helpCenter.videoNotFound')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('selfservice.helpCenter.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
