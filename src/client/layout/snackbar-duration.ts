/** Snackbars stay 5 s, 8 s when the text is over 60 characters (document 1 §8, document 2 §9). */
export function snackbarDuration(text: string): number {
  return text.length > 60 ? 8000 : 5000;
}
