import { describe, expect, it } from 'vitest';
import { type TutorialVideo, videoForPage, videoFromQuery } from './tutorial-choice';

const video = (tag: string, pages: string[]): TutorialVideo => ({
  tag,
  title: { de: tag, en: tag },
  src: `/videos/${tag}.webm`,
  pages,
});
const videos = [video('overview', ['/']), video('vouchers', ['/vouchers', '/unprocessed']), video('debtors', ['/debtors'])];

describe('videoForPage', () => {
  it('chooses the video whose page covers the path; / is the dashboard only', () => {
    expect(videoForPage(videos, '/')?.tag).toBe('overview');
    expect(videoForPage(videos, '/unprocessed/7')?.tag).toBe('vouchers');
    expect(videoForPage(videos, '/debtors/main/12')?.tag).toBe('debtors');
    expect(videoForPage(videos, '/debtorsX')).toBeUndefined();
    expect(videoForPage(videos, '/settings')).toBeUndefined();
  });
});

describe('videoFromQuery', () => {
  it('opens a video by showVideo=<tag>, by tag, or the page video by showVideo alone', () => {
    expect(videoFromQuery(videos, '?showVideo=debtors', '/')?.tag).toBe('debtors');
    expect(videoFromQuery(videos, '?tag=vouchers', '/')?.tag).toBe('vouchers');
    expect(videoFromQuery(videos, '?showVideo=true&tag=debtors', '/')?.tag).toBe('debtors');
    expect(videoFromQuery(videos, '?showVideo=true', '/vouchers')?.tag).toBe('vouchers');
    expect(videoFromQuery(videos, '?showVideo=permanentDebts', '/')).toBeNull();
    expect(videoFromQuery(videos, '?showVideo=true', '/settings')).toBeNull();
    expect(videoFromQuery(videos, '?page=2', '/vouchers')).toBeUndefined();
  });
});
