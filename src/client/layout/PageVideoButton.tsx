import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link, useLocation } from 'react-router-dom';
import { videoForPage } from '../pages/help/tutorial-choice';
import { useHelpCenter } from '../pages/help/use-help-center';
import { showTutorials } from './storage-keys';

/**
 * The toolbar's button for the current page's tutorial (`?showVideo=<tag>`), offered when the
 * product has a video for the page and the user has not switched tutorials off in the settings.
 */
export function PageVideoButton() {
  const translate = useTranslate();
  const location = useLocation();
  const { data } = useHelpCenter();
  const video = data && showTutorials() ? videoForPage(data.videos, location.pathname) : undefined;
  if (!video) return null;
  const search = new URLSearchParams(location.search);
  search.set('showVideo', video.tag);
  return (
    <Tooltip title={translate('selfservice.helpCenter.pageVideo')}>
      <IconButton
        color="inherit"
        component={Link}
        to={{ pathname: location.pathname, search: `?${search.toString()}` }}
        aria-label={translate('selfservice.helpCenter.pageVideo')}
      >
        <OndemandVideoIcon />
      </IconButton>
    </Tooltip>
  );
}
