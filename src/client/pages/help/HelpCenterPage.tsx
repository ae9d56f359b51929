import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import { Accordion, AccordionDetails, AccordionSummary, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link, useLocation } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { navEntry } from '../../layout/navigation';
import { QueryState } from '../common/QueryState';
import { useHelpCenter, useLocalized } from './use-help-center';

/**
 * The help centre (document 1 §2): the product's FAQ and its tutorial videos; a video opens in the
 * player through `?showVideo=<tag>`, so the link can be shared.
 */
export function HelpCenterPage() {
  const translate = useTranslate();
  const localized = useLocalized();
  const location = useLocation();
  const query = useHelpCenter();
  return (
    <>
      <PageHeader title={translate(navEntry('helpCenter').label)} />
      <QueryState query={query}>
        {(help) => (
          <Stack spacing={3}>
            <section aria-labelledby="help-tutorials">
              <Typography id="help-tutorials" variant="h5" component="h2" gutterBottom>
                {translate('selfservice.helpCenter.tutorials')}
              </Typography>
              {help.videos.length ? (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
                  {help.videos.map((video) => {
                    const title = localized(video.title);
                    const search = new URLSearchParams(location.search);
                    search.delete('tag');
                    search.set('showVideo', video.tag);
                    return (
                      <Card key={video.tag} variant="outlined" sx={{ width: 260 }}>
                        <CardContent>
                          <Typography sx={{ mb: 1 }}>{title}</Typography>
                          <Button
                            component={Link}
                            to={{ pathname: location.pathname, search: `?${search.toString()}` }}
                            startIcon={<PlayCircleIcon />}
                            aria-label={translate('selfservice.helpCenter.play', { title })}
                          >
                            {translate('selfservice.helpCenter.watch')}
                          </Button>
                        </CardContent>
                      </Card>
                    );
                  })}
                </Stack>
              ) : (
                <Typography>{translate('selfservice.helpCenter.noTutorials')}</Typography>
              )}
            </section>
            <section aria-labelledby="help-faq">
              <Typography id="help-faq" variant="h5" component="h2" gutterBottom>
                {translate('selfservice.helpCenter.faq')}
              </Typography>
              {help.faq.map((entry, index) => (
                <Accordion key={entry.question.de} disableGutters>
                  <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`faq-${index}`} aria-controls={`faq-${index}-answer`}>
                    <Typography component="h3">{localized(entry.question)}</Typography>
                  </AccordionSummary>
                  <AccordionDetails id={`faq-${index}-answer`}>
                    <Typography>{localized(entry.answer)}</Typography>
                  </AccordionDetails>
                </Accordion>
              ))}
            </section>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
