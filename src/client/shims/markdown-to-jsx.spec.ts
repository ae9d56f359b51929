import { describe, expect, it } from 'vitest';
import { forms } from '../../../generated/forms';

// The browser build replaces markdown-to-jsx with a shim that shows text as it is
// (src/client/shims/markdown-to-jsx.tsx): that holds only while no form asks rjsf for markdown.
describe('the markdown-to-jsx shim', () => {
  it('is enough: no generated form enables markdown in a description or help', () => {
    const asking = Object.values(forms)
      .filter((form) => /enableMarkdownIn(Description|Help)/.test(JSON.stringify(form)))
      .map((form) => form.name);
    expect(Object.keys(forms).length).toBeGreaterThan(10);
    expect(asking).toEqual([]);
  });
});
