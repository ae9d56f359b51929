import { defaultVariantCode, variants } from '../../../../generated/variants';

/** The portal's public address of a product (no trailing slash), which mailed links start with. */
export type PublicUrls = (productCode: string) => string;

/**
 * The public address of each product, which every link in a mail (set password, reset password,
 * log in, the logo) starts with (issue 28: the links pointed at `https://smafa.localhost`, which
 * opens nothing locally):
 * - `PUBLIC_URL_<CODE>` (e.g. `PUBLIC_URL_TPF=https://tpf.example.com`) for one product;
 * - else `PUBLIC_URL` for the default product (SMAFA), and for every other product the same address
 *   with the product's host label in front (`https://portal.example.com` → `https://tpf.portal.example.com`);
 * - else what `npm start` serves: `http://localhost:<PORT>` for the default product and
 *   `http://<product host>:<PORT>` (`http://tpf.localhost:3000`) for the others.
 *
 * @example publicUrls({}, 3000)('TPF') // 'http://tpf.localhost:3000'
 * @example publicUrls({ PUBLIC_URL: 'https://portal.example.com/' }, 3000)('SMAFA') // 'https://portal.example.com'
 */
export function publicUrls(env: NodeJS.ProcessEnv, port: number): PublicUrls {
  const base = new URL(trimmed(env.PUBLIC_URL) || `http://localhost:${port}`);
  return (productCode) => {
    const own = trimmed(env[`PUBLIC_URL_${productCode.toUpperCase()}`]);
    if (own) return withoutSlash(own);
    if (productCode === defaultVariantCode || !variants[productCode]) return withoutSlash(base.href);
    const label = variants[productCode].hosts[0]?.split('.')[0] ?? productCode.toLowerCase();
    const url = new URL(base.href);
    url.hostname = `${label}.${url.hostname}`;
    return withoutSlash(url.href);
  };
}

const trimmed = (value: string | undefined): string => (value ?? '').trim();
const withoutSlash = (url: string): string => url.replace(/\/+$/, '');
