import { useLingui } from '@lingui/react/macro';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';

/**
 * A password input whose eye button says what it does next: "Show password" while the
 * password is hidden, "Hide password" while it shows. Focusable by keyboard.
 */
export function PasswordField(props: Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'>) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      visibilityToggleFocusable
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ 'aria-label': visible ? t`Hide password` : t`Show password` }}
    />
  );
}
