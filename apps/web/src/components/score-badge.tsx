import { messages } from '@brigade/core/messages';
import { parseScore, type ScoreColour, scoreColour } from '@brigade/core/scoring';
import { Badge, type BadgeProps } from '@mantine/core';
import { useCoreText } from '../lib/i18n';

interface ScoreBadgeProps {
  /** An audit's status: only `completed` shows a score, anything else shows Draft. */
  status: string;
  /** The final score as it arrives: a number, a string such as "67" or "67%", or null. */
  score: unknown;
  /** Text before the number, e.g. "Score: " for "Score: 67%". Not used for Draft or No Score. */
  prefix?: string;
  size?: BadgeProps['size'];
}

/**
 * Filled colours whose text keeps 4.5:1 contrast (axe): red 9 and a green 9 darkened by
 * 10 % carry white text, yellow 4 carries black text (theme autoContrast).
 */
const FILLS: Record<Exclude<ScoreColour, 'gray'>, string> = {
  red: 'red.9',
  yellow: 'yellow.4',
  green: '#277c38',
};

/**
 * How an audit reads at a glance (reports §4 "Audit display"): Draft for anything not
 * completed, else the score as `n%` in red (under 50), yellow (under 75) or green, and a
 * grey No Score when the score is missing or unreadable. `data-colour` names the colour.
 */
export function ScoreBadge({ status, score, prefix = '', size = 'md' }: ScoreBadgeProps) {
  const { text } = useCoreText();
  const common = { size, tt: 'none', style: { flexShrink: 0, minWidth: 'max-content' } } as const;
  if (status !== 'completed') {
    return (
      <Badge {...common} variant="light" color="indigo" c="indigo.9" data-colour="indigo">
        {text(messages.draft)}
      </Badge>
    );
  }
  const value = parseScore(score);
  const colour = scoreColour(value);
  if (value === null || colour === 'gray') {
    return (
      <Badge {...common} variant="outline" color="gray" c="gray.8" data-colour="gray">
        {text(messages.noScore)}
      </Badge>
    );
  }
  return (
    <Badge {...common} variant="filled" color={FILLS[colour]} data-colour={colour}>
      {prefix}
      {Math.round(value)}%
    </Badge>
  );
}
