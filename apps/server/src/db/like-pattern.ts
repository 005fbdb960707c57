/** `%text%` for ILIKE, with the user's own % _ and \ matched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
