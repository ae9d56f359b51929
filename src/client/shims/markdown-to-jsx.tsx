import type { ReactNode } from 'react';

/**
 * `markdown-to-jsx/react` for the browser build: @rjsf/core renders a field's description or help as
 * markdown only when its uiSchema asks (`enableMarkdownInDescription`, `enableMarkdownInHelp`), which
 * no form of ours does, and its few own messages (an unsupported field, a schema error, its file
 * widget, which we replace with FilesWidget) need no formatting. vite.config.ts aliases the package
 * here: its parser was about 30 KB gzip of every form (issue 13). The text shows as it is.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
