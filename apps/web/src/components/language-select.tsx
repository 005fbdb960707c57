import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@brigade/core/languages';
import { useLingui } from '@lingui/react/macro';
import { NativeSelect } from '@mantine/core';

interface LanguageSelectProps {
  /** The chosen language; null: the browser's (offered only with `browserChoice`). */
  value: Language | null;
  onChange: (language: Language | null) => void;
  /** Offer "Same as my browser" (Profile); Sign In lists the languages only. */
  browserChoice?: boolean;
  disabled?: boolean;
}

/**
 * The language switch (issue 22): each language by its own name, so anyone finds theirs
 * whatever language the screen is in. A native select: one tap on a phone, and nothing
 * more for Sign In to download.
 */
export function LanguageSelect({ value, onChange, browserChoice = false, disabled }: LanguageSelectProps) {
  const { t } = useLingui();
  const data = [
    ...(browserChoice ? [{ value: '', label: t`Same as my browser` }] : []),
    ...LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] })),
  ];
  return (
    <NativeSelect
      label={t`Language`}
      data={data}
      value={value ?? ''}
      disabled={disabled}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        onChange(LANGUAGES.find((language) => language === chosen) ?? null);
      }}
    />
  );
}
