import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { enums } from '../../../../generated/enums';
import { variants } from '../../../../generated/variants';
import type { LocalizedText } from '../../../shared/config-types';
import { CONTENT_DIR, loadContentFile, localizedText } from './content-file';

/** One tutorial video: its tag, title, file under `public/` and the pages that offer it. */
export interface TutorialVideo {
  tag: string;
  title: LocalizedText;
  src: string;
  /** client routes (`/vouchers`), matched against the start of the current path; `/` the dashboard */
  pages: string[];
}

export interface HelpCenterContent {
  product: string;
  faq: { question: LocalizedText; answer: LocalizedText }[];
  videos: TutorialVideo[];
}

const TAGS = enums.tutorialTag.values.map((entry) => String(entry.value));
const PUBLIC_DIR = path.resolve(CONTENT_DIR, '../public');

const schema = {
  type: 'object',
  properties: {
    product: { type: 'string', enum: Object.keys(variants) },
    faq: {
      type: 'array',
      items: {
        type: 'object',
        properties: { question: localizedText, answer: localizedText },
        required: ['question', 'answer'],
        additionalProperties: false,
      },
    },
    videos: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          tag: { type: 'string', enum: TAGS },
          title: localizedText,
          src: { type: 'string', pattern: '^/videos/[a-z0-9-]+\\.webm$' },
          pages: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^/[a-z0-9/-]*$' } },
        },
        required: ['tag', 'title', 'src', 'pages'],
        additionalProperties: false,
      },
    },
  },
  required: ['product', 'faq', 'videos'],
  additionalProperties: false,
} as const;

/**
 * The help centre of every product (document 1 §2: FAQ, and tutorial videos chosen per product
 * variant and per page), one file per product: `content/help/<code in lower case>.yaml`.
 * A product without a file, a wrong product code, an unknown tag, a tag twice or a missing video
 * file stops the server with `file:line: problem`.
 *
 * @example loadHelpCenter().get('TPF')?.videos
 */
export function loadHelpCenter(dir = path.join(CONTENT_DIR, 'help')): Map<string, HelpCenterContent> {
  const byProduct = new Map<string, HelpCenterContent>();
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.yaml')).sort()) {
    const content = loadContentFile<HelpCenterContent>(path.join(dir, name), schema, (data) => {
      const problems: string[] = [];
      if (`${data.product.toLowerCase()}.yaml` !== name) problems.push(`product ${data.product} belongs in ${data.product.toLowerCase()}.yaml`);
      const tags = data.videos.map((video) => video.tag);
      for (const tag of new Set(tags)) if (tags.indexOf(tag) !== tags.lastIndexOf(tag)) problems.push(`video tag ${tag} twice`);
      for (const video of data.videos) {
        if (!existsSync(path.join(PUBLIC_DIR, video.src))) problems.push(`video ${video.src} is not in public/`);
      }
      return problems;
    });
    byProduct.set(content.product, content);
  }
  const missing = Object.keys(variants).filter((code) => !byProduct.has(code));
  if (missing.length) throw new Error(`Invalid content: no help centre for ${missing.join(', ')} in ${dir}`);
  return byProduct;
}
