/** One tutorial video as `GET /api/help-center` gives it. */
export interface TutorialVideo {
  tag: string;
  title: { de: string; en: string };
  src: string;
  pages: string[];
}

export interface HelpCenter {
  product: string;
  faq: { question: { de: string; en: string }; answer: { de: string; en: string } }[];
  videos: TutorialVideo[];
}

const covers = (page: string, pathname: string) =>
  page === '/' ? pathname === '/' : pathname === page || pathname.startsWith(`${page}/`);

/**
 * The product's video for a page: the one whose page is the longest match of the path
 * (`/debtors/main/12` → the video of `/debtors`; `/` only the dashboard).
 *
 * @example videoForPage(videos, '/vouchers/main/3')?.tag // 'vouchers'
 */
export function videoForPage(videos: TutorialVideo[], pathname: string): TutorialVideo | undefined {
  let best: { video: TutorialVideo; length: number } | undefined;
  for (const video of videos) {
    for (const page of video.pages) {
      if (covers(page, pathname) && (!best || page.length > best.length)) best = { video, length: page.length };
    }
  }
  return best?.video;
}

/**
 * Which video the query flags open (document 1 §2): `?showVideo=<tag>`, `?tag=<tag>`
 * (with or without `showVideo`), or `?showVideo` alone for the page's own video.
 * `undefined`: no flag; `null`: a flag naming no video of the product.
 */
export function videoFromQuery(videos: TutorialVideo[], search: string, pathname: string): TutorialVideo | null | undefined {
  const params = new URLSearchParams(search);
  const showVideo = params.get('showVideo');
  const tag = params.get('tag') ?? (showVideo && showVideo !== 'true' ? showVideo : null);
  if (tag) return videos.find((video) => video.tag === tag) ?? null;
  if (showVideo === null) return undefined;
  return videoForPage(videos, pathname) ?? null;
}
